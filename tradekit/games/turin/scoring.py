"""The end of a Turin Market game: kept cards and listings taken down, the final payouts by
majorities, the loans repaid."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tradekit.core.events import BANK
from tradekit.core.seats import seat_label, seats_label
from tradekit.core.ties import share_round_up
from tradekit.core.words import plural
from tradekit.games.turin.game import BANK_PAYS_DEBT, LOAN_REPAYMENT
from tradekit.games.turin.market import take_loan

if TYPE_CHECKING:
    from tradekit.games.turin.state import TurinState


def end_game(state: TurinState) -> None:
    """End the game: kept cards join the face-up cards, listings come down, the majorities pay, the
    loans are repaid."""
    state.phase = "scoring"
    for p in range(state.n):
        if state.hands[p]:
            state._event(
                "reveal",
                f"{seat_label(p)}'s kept card(s) {state.hands[p]} join their face-up cards",
                player=p,
                data={"what": "kept", "kept": list(state.hands[p])},
                fresh=True,
            )
            state.face_up[p] += state.hands[p]
            state._face_up_moves += 1
            state.hands[p] = []
    for card, listing in sorted(state.listings.items()):
        state.scudo[listing.seller] += listing.price
        state._event(
            "info",
            f"{seat_label(listing.seller)}'s listing of card {card} is taken down",
            player=listing.seller,
            data={"what": "taken_down", "card": card, "price": listing.price},
            fresh=True,
        )
    state.listings = {}
    state._listing_memo.clear()
    final_payouts(state)
    repay_loans(state)
    state.final_scores = list(state.scudo)
    state.phase = "over"
    state._event(
        "info",
        f"final scores {state.final_scores}; "
        + plural(len(state.winners()), "winner ", "winners ")
        + seats_label(state.winners()),
        data={"what": "game_end", "scores": list(state.final_scores)},
        fresh=True,
    )


def pay_one(state: TurinState, payer: int, payee: int | str, good: str, pot: bool = False) -> bool:
    """``payer`` pays 1 Scudo to ``payee``; returns False if the bank paid it for them."""
    if state.scudo[payer] == 0:
        if not state.loans[payer] and state.loans_left > 0:
            take_loan(state, payer, "forced loan: no Scudo to pay a majority holder")
        else:
            state.debts[payer] += BANK_PAYS_DEBT
            state._event(
                "info",
                f"{seat_label(payer)} cannot pay for {good}: the bank pays 1 and "
                f"{seat_label(payer)} "
                f"adds {BANK_PAYS_DEBT} to their loan",
                player=payer,
                data={"what": "debt", "debt": BANK_PAYS_DEBT},
                fresh=True,
            )
            return False
    state.scudo[payer] -= 1
    if isinstance(payee, int):
        state.scudo[payee] += 1
    why = f"holds {good} without the majority"
    if pot:
        why += f": 1 into the pot of the tied {good} majority"
    state._transfer(1, payer, payee, why, "payout")
    return True


def final_payouts(state: TurinState) -> None:
    """Pay each good's majority: the bank's payout and 1 Scudo from every other holder, a tie
    sharing the pot."""
    # Imported here, not at the top: state.py imports this module while it loads.
    from tradekit.games.turin.state import majority_holders

    table = [state.units(p) for p in range(state.n)]
    for g, good in enumerate(state.tables.goods):
        units = [row[g] for row in table]
        tied, others = majority_holders(units)
        if not tied:
            state._event(
                "info",
                f"nobody holds {good.name_en}",
                data={"what": "nobody_holds", "good": good.id},
                fresh=True,
            )
            continue
        payout = good.payout(state.game.scoring)
        name = good.name_en.lower()
        if len(tied) == 1:
            winner = tied[0]
            state.scudo[winner] += payout
            state._transfer(payout, BANK, winner, f"majority of {name}: bank payout", "payout")
            for p in others:
                paid = pay_one(state, p, winner, name)
                if not paid:
                    state.scudo[winner] += 1
                    state._transfer(
                        1,
                        BANK,
                        winner,
                        f"majority of {name}: 1 paid by the bank for {seat_label(p)}",
                        "payout",
                    )
            state._event(
                "info",
                f"{seat_label(winner)} has the {name} majority",
                player=winner,
                # majority_holders made both lists for this good alone: logged without a copy.
                data={"what": "majority", "good": good.id, "majority": tied, "others": others},
                fresh=True,
            )
            continue
        pot = payout + len(others)
        for p in others:
            pay_one(state, p, BANK, name, pot=True)
        each = share_round_up(pot, len(tied))
        for p in tied:
            rivals = seats_label(q for q in tied if q != p)
            state.scudo[p] += each
            state._transfer(
                each,
                BANK,
                p,
                f"majority of {name}, tied with {rivals}, "
                f"({payout}+{len(others)})/{len(tied)} rounded up = {each}",
                "payout",
            )
        state._event(
            "info",
            f"{name} majority tied between " + seats_label(tied) + f": {each} each",
            data={
                "what": "tied_majority",
                "good": good.id,
                "majority": tied,
                "others": others,
                "each": each,
            },
            fresh=True,
        )


def repay_loans(state: TurinState) -> None:
    """Repay every loan, with any debt the bank paid."""
    for p in range(state.n):
        if state.loans[p]:
            due = LOAN_REPAYMENT + state.debts[p]
            state.scudo[p] -= due
            extra = f" + {state.debts[p]} debt" if state.debts[p] else ""
            state._transfer(due, p, BANK, f"loan repaid: {LOAN_REPAYMENT}{extra}", "loan")
