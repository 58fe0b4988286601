"""The table widget: a game at a table of humans and bots, built from the same parts for every game.

Parts (each an attribute, so a test can drive it headless by setting ``.value`` and calling
``.click()``):

* ``header`` — the game, round, phase and who must act (or a "what if" marker);
* toolbar — ``step_button`` (one bot decision), ``play_button`` (bots play until a human must act,
  or to the end when every seat is a bot), ``back_button`` (undo back to the last human decision),
  ``new_button``, ``autoplay`` (bots play on by themselves after a human acts), ``view_switch``
  (a seat's view, the public view, the teacher's view), ``lang_switch`` (English / français);
* ``message`` — what went wrong or what just happened (never a traceback);
* ``table`` — the rendered table (``widgets.HTML``; the game's renderer draws the chosen view);
* ``controls`` — built by the game's :class:`~tradekit.widgets.controls.Controls` from the legal
  actions of the human who must act, plus ``command`` / ``command_button`` to type an action;
* ``bots_box`` — each bot's last decision with its one-line explanation;
* tabs: ``log`` (the narrated log, bot explanations inline), what-if (``whatif`` dropdown of every
  logged decision, ``branch_button``, ``return_button``), save/load (``save_button``,
  ``json_box``, ``load_button``, ``upload``, ``download``).

Hot-seat mode (several humans at one screen, on by default when ``humans`` has more than one seat)
hides every private thing between turns: the table shows the public view and a "pass the screen"
curtain until the next human presses ``reveal_button``; the view switch is locked.

A bot's explanation of a hidden decision (a sealed bid) is shown to other viewers only after the
next reveal in the log.
"""

from __future__ import annotations

import base64
import bisect
import dataclasses
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from tradekit.core.actions import Action
from tradekit.core.errors import TradekitError
from tradekit.core.registry import load_game
from tradekit.core.state import Game, State, Viewer, replay
from tradekit.i18n import LANGS, check_lang, t
from tradekit.render import Context, Renderer, render_log, renderer_for, viewer_label
from tradekit.render import parts as p
from tradekit.widgets.controls import ControlContext, Controls, controls_for
from tradekit.widgets.policy import RandomPolicy, SeatPolicy, as_policy

#: Safety cap on bot decisions in one "play" (a game that never ends must not hang the kernel).
MAX_BOT_STEPS = 20_000

LANG_NAMES = {"en": "English", "fr": "Français"}


def language_switch(lang: str) -> Any:
    """The dropdown of the languages every label exists in, showing ``lang``."""
    return widgets.Dropdown(
        options=[(LANG_NAMES[x], x) for x in LANGS],
        value=lang,
        layout=widgets.Layout(width="120px"),
    )


def decision_events(state: State) -> list[int | None]:
    """For each decision, the index in ``state.log`` of the action event that records it.

    Decisions are matched in order to action events of the same seat and action; a decision whose
    event is not found (a game that logs it differently) gets ``None``.
    """
    out: list[int | None] = []
    log = state.log
    pos = 0
    for seat, action in state.decisions:
        found = None
        for i in range(pos, len(log)):
            e = log[i]
            if e.kind == "action" and e.player == seat and e.action == action:
                found = i
                break
        out.append(found)
        if found is not None:
            pos = found + 1
    return out


class TableWidget:
    """A game at a table: humans play with generated controls, bots play the other seats.

    Args:
        game: a :class:`State` (played on), a :class:`Game` (dealt), or a game name.
        humans: the seats humans hold (``()`` for a table of bots).
        bots: who plays the other seats: one spec for all of them, or specs by seat (a mapping)
            or in seat order for the non-human seats (a sequence). A spec is a bot name of
            ``tradekit.bots`` (``"heuristic"``, ``"random"``, ``"heuristic:aggression=0.9"``), a
            bot, a seat policy or a function (see :func:`~tradekit.widgets.policy.as_policy`),
            or ``"random-policy"`` for :class:`~tradekit.widgets.policy.RandomPolicy`. Seats not
            given get :func:`default_bot` (the game's heuristic bot, else RandomPolicy).
        lang: ``"en"`` or ``"fr"``.
        names: display names per seat (default ``P0 (you), P1 ...``).
        hotseat: hide private information between human turns (default: more than one human).
        mode: ``"student"`` (the default when a human holds a seat) or ``"teacher"`` (the
            default for a table of bots). A student's table offers only the humans' own views
            and the public view; its Save writes a seat save (what the seat on view saw; with
            the hot-seat curtain down, what the public saw); Back and "what if" never undo
            another human's decision. A teacher's table keeps every power: every seat's view and
            the teacher's, the full save, Back over anybody's decision.
        autoplay: bots play on by themselves after a human acts.
        seed: seeds the deal (when ``game`` is not a state), new games and the random bots.
        **options: the game's options when ``game`` is a name.

    Example:
        >>> w = TableWidget("turin", players=3, humans=[0], seed=5)
        >>> w.handles["offer-2"].click()   # the human offers card 2; the bots have offered too
        >>> w.state.phase, w.state.to_move
        ('bid', (0,))
        >>> w.handles["bid-amount"].value = 99    # a slider cannot leave what is legal
        >>> w.handles["bid-amount"].value
        15
        >>> w.type_command("bid 400")
        >>> "Not allowed" in w.message.value
        True
    """

    def __init__(
        self,
        game: State | Game | str,
        *,
        humans: Iterable[int] = (0,),
        bots: str | Mapping[int, Any] | Sequence[Any] | None = None,
        lang: str = "en",
        names: Sequence[str] | None = None,
        hotseat: bool | None = None,
        mode: str | None = None,
        autoplay: bool = True,
        seed: int | None = None,
        **options: Any,
    ) -> None:
        self._rng = random.Random(seed)
        if isinstance(game, str):
            game = load_game(game, **options)
        elif options:
            raise TypeError(f"options {sorted(options)} need a game name, not a {type(game)}")
        state = game if isinstance(game, State) else game.new_state(seed=self._new_seed(seed))
        self.lang = check_lang(lang)
        self.humans: tuple[int, ...] = tuple(sorted(set(humans)))
        n = state.game.num_players
        for seat in self.humans:
            if not isinstance(seat, int) or not 0 <= seat < n:
                raise TradekitError(f"humans must be seats 0..{n - 1}, got {seat!r}")
        self.hotseat = len(self.humans) > 1 if hotseat is None else bool(hotseat)
        if mode is None:
            mode = "student" if self.humans else "teacher"
        if mode not in MODES:
            raise TradekitError(f"mode must be 'student' or 'teacher', got {mode!r}")
        self.mode: str = mode
        self._custom_names = tuple(names) if names else None
        self.policies: dict[int, SeatPolicy] = self._make_policies(state.game, bots)
        self.state: State = state
        self.main_state: State | None = None
        self.explanations: dict[int, tuple[int, str, str]] = {}
        self._main_explanations: dict[int, tuple[int, str, str]] = {}
        self._revealed: int | None = None
        #: The log shows this many of the latest lines (``None``: all of them); long games
        #: would otherwise redraw thousands of lines after every click.
        self.log_lines: int | None = 400
        self._label_cache: tuple[object, dict[tuple[int, Viewer], str]] = (None, {})
        self._index_cache: tuple[State, int, int, list[int | None], list[int]] | None = None
        self.handles: dict[str, Any] = {}
        self.last_error: BaseException | None = None
        self._view_choice = f"seat:{self.humans[0]}" if self.humans else "teacher"
        self._build(autoplay)
        self._guard(self._autoplay)()
        self.refresh()

    # -- set-up -------------------------------------------------------------------------------
    def _new_seed(self, seed: int | None = None) -> int:
        # 63 bits: a deal seed small enough to try one by one would let a student re-deal the
        # hidden cards from their own hand.
        return seed if seed is not None else self._rng.getrandbits(63)

    def _make_policies(
        self, game: Game, bots: str | Mapping[int, Any] | Sequence[Any] | None
    ) -> dict[int, SeatPolicy]:
        n = game.num_players
        others = [s for s in range(n) if s not in self.humans]
        given: dict[int, Any] = {}
        if isinstance(bots, str):
            given = dict.fromkeys(others, bots)
        elif isinstance(bots, Mapping):
            given = dict(bots)
        elif bots is not None:
            given = dict(zip(others, bots, strict=False))
        default = default_bot(game)
        out: dict[int, SeatPolicy] = {}
        for seat in others:
            seed = self._rng.randrange(2**31)
            spec = given.get(seat, default)
            if spec is None or spec == "random-policy":
                out[seat] = RandomPolicy(seed=seed, lang=self.lang)
            else:
                out[seat] = as_policy(spec, game=game, seat=seat, seed=seed)
                if hasattr(out[seat], "lang"):
                    out[seat].lang = self.lang  # type: ignore[attr-defined]
        return out

    @property
    def game(self) -> Game:
        """The game's options."""
        return self.state.game

    @property
    def renderer(self) -> Renderer:
        """The game's renderer."""
        return renderer_for(self.game.name)

    @property
    def game_controls(self) -> Controls:
        """The game's controls."""
        return controls_for(self.game.name)

    @property
    def names(self) -> tuple[str, ...]:
        """Display names per seat in the current language."""
        n = self.game.num_players
        if self._custom_names is not None and len(self._custom_names) == n:
            return self._custom_names
        out = []
        for seat in range(n):
            name = t("seat", self.lang, seat=seat)
            if seat in self.humans and len(self.humans) == 1:
                name += f" ({t('you', self.lang)})"
            out.append(name)
        return tuple(out)

    @property
    def ctx(self) -> Context:
        """Game, language and names for the renderer."""
        return Context(self.game, self.lang, self.names)

    def _build(self, autoplay: bool) -> None:
        def button(handler: Callable[[], None], style: str = "") -> Any:
            b = widgets.Button(button_style=style, layout=widgets.Layout(width="auto"))
            b.on_click(lambda _: self._guard(handler)())
            return b

        self.header = widgets.HTML()
        self.step_button = button(self.step)
        self.play_button = button(self.play_to_turn, "primary")
        self.back_button = button(self.back)
        self.new_button = button(self.new_game)
        self.autoplay = widgets.Checkbox(value=autoplay, indent=False)
        self.view_switch = widgets.Dropdown(layout=widgets.Layout(width="230px"))
        self.view_switch.observe(self._on_view, names="value")
        self.lang_switch = language_switch(self.lang)
        self.lang_switch.observe(self._on_lang, names="value")
        self.message = widgets.HTML()
        self.table = widgets.HTML()
        self.controls = widgets.VBox()
        self.command = widgets.Text(layout=widgets.Layout(width="260px"))
        self.command_button = button(self._on_command)
        self.command_row = widgets.HBox([self.command, self.command_button])
        self.reveal_button = button(self.reveal, "warning")
        self.hide_button = button(self.hide)
        self.bots_box = widgets.HTML()
        self.log = widgets.HTML()
        self.whatif = widgets.Dropdown(layout=widgets.Layout(width="520px"))
        self.branch_button = button(self._on_branch, "warning")
        self.return_button = button(self.return_to_main)
        self.save_button = button(self.save_to_box)
        self.load_button = button(self._on_load)
        self.json_box = widgets.Textarea(layout=widgets.Layout(width="100%", height="120px"))
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False)
        self.upload.observe(self._on_upload, names="value")
        self.download = widgets.HTML()
        self.tabs = widgets.Tab(
            children=[
                self.log,
                widgets.VBox([widgets.HBox([self.whatif, self.branch_button]), self.return_button]),
                widgets.VBox(
                    [
                        widgets.HBox([self.save_button, self.load_button, self.upload]),
                        self.download,
                        self.json_box,
                    ]
                ),
            ]
        )
        self.toolbar = widgets.HBox(
            [
                self.step_button,
                self.play_button,
                self.back_button,
                self.new_button,
                self.autoplay,
                self.view_switch,
                self.lang_switch,
            ],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.ui = widgets.VBox(
            [
                self.header,
                self.toolbar,
                self.message,
                self.table,
                self.controls,
                self.bots_box,
                self.tabs,
            ]
        )
        self.ui.add_class("tk-table-widget")
        # CSS classes so a browser (and the browser test) finds every part without its label.
        for name in (
            "step_button",
            "play_button",
            "back_button",
            "new_button",
            "view_switch",
            "lang_switch",
            "command",
            "command_button",
            "reveal_button",
            "hide_button",
            "whatif",
            "branch_button",
            "return_button",
            "save_button",
            "load_button",
            "json_box",
        ):
            getattr(self, name).add_class("tk-" + name.replace("_", "-"))
        self.reveal_button.add_class("tk-c-reveal")
        self.hide_button.add_class("tk-c-hide")
        self.command.add_class("tk-c-command")
        self._label()

    def _label(self) -> None:
        """(Re)write every label in the current language."""
        lang = self.lang
        self.step_button.description = t("step", lang)
        self.step_button.tooltip = t("step_tip", lang)
        key = "play_to_turn" if self.humans else "play_to_end"
        self.play_button.description = t(key, lang)
        self.back_button.description = t("back", lang)
        self.back_button.tooltip = t("back_tip", lang)
        self.new_button.description = t("new_game", lang)
        self.autoplay.description = t("autoplay", lang)
        self.command.description = t("type_action", lang)
        self.command.style = {"description_width": "initial"}
        self.command_button.description = t("go", lang)
        self.branch_button.description = t("branch", lang)
        self.return_button.description = t("return_main", lang)
        self.save_button.description = t("save", lang)
        self.load_button.description = t("load", lang)
        self.upload.description = t("upload", lang)
        self.json_box.placeholder = t("json_placeholder", lang)
        self.whatif.description = t("what_if_label", lang)
        self.whatif.style = {"description_width": "initial"}
        self.tabs.titles = (t("log", lang), t("what_if", lang), t("save_load", lang))
        self.hide_button.description = t("hotseat_hide", lang)
        options = [(viewer_label(s, self.ctx), f"seat:{s}") for s in self._seats_on_offer()]
        options.append((t("view_public", lang), "public"))
        if self.mode == "teacher":
            options.append((t("view_teacher", lang), "teacher"))
        if self._view_choice not in [v for _, v in options]:
            self._view_choice = options[0][1]
        self.view_switch.unobserve(self._on_view, names="value")
        self.view_switch.options = options
        self.view_switch.value = self._view_choice
        self.view_switch.observe(self._on_view, names="value")
        self.view_switch.description = t("view_label", lang)
        self.view_switch.style = {"description_width": "initial"}

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.ui._repr_mimebundle_(**kwargs)

    def _seats_on_offer(self) -> list[int]:
        """The seats whose view the switch offers: a student's table offers the humans' own."""
        if self.mode == "teacher":
            return list(range(self.game.num_players))
        return list(self.humans)

    # -- who acts, who looks --------------------------------------------------------------------
    def acting_human(self) -> int | None:
        """The first human seat that must act now, if any."""
        if self.state.is_over:
            return None
        for seat in self.state.to_move:
            if seat in self.humans:
                return seat
        return None

    def _bot_to_act(self) -> int | None:
        if self.state.is_over:
            return None
        for seat in self.state.to_move:
            if seat not in self.humans:
                return seat
        return None

    @property
    def viewer(self) -> Viewer:
        """The view the table shows now (a seat, ``None`` for public, ``"all"`` for teacher)."""
        if self.hotseat:
            human = self.acting_human()
            if human is not None and self._revealed == human:
                return human
            return None
        choice = self._view_choice
        if choice == "public":
            return None
        if choice == "teacher":
            return "all"
        return int(choice.split(":")[1])

    def curtain_down(self) -> bool:
        """Whether hot-seat mode is hiding the table until the next human reveals it."""
        human = self.acting_human()
        return self.hotseat and human is not None and self._revealed != human

    # -- safety ---------------------------------------------------------------------------------
    def _guard(self, func: Callable[..., None]) -> Callable[..., None]:
        """Run ``func``; any exception becomes a message (a lesson never shows a traceback)."""

        def run(*args: Any) -> None:
            try:
                func(*args)
            except TradekitError as exc:
                self.last_error = exc
                reason = getattr(exc, "reason", None) or str(exc)
                self.say(t("illegal", self.lang, reason=reason), "error")
            except Exception as exc:
                self.last_error = exc
                self.say(t("error", self.lang, error=f"{type(exc).__name__}: {exc}"), "error")
            self._refresh_quietly()

        return run

    def _refresh_quietly(self) -> None:
        try:
            self.refresh()
        except Exception as exc:  # a renderer bug must not escape as a traceback either
            self.last_error = exc
            self.message.value = p.message(
                t("error", self.lang, error=f"{type(exc).__name__}: {exc}"), "error"
            )

    def say(self, text: str, kind: str = "note") -> None:
        """Show a message above the table (``kind``: ``error``, ``ok`` or ``note``)."""
        self.message.value = p.message(text, kind)

    # -- playing --------------------------------------------------------------------------------
    def submit(self, action: Action) -> None:
        """Play ``action`` for the human who must act (a refused action shows a message)."""
        self._guard(self._submit)(action)

    def _submit(self, action: Action) -> None:
        seat = self.acting_human()
        if self.state.is_over:
            self.say(t("game_is_over", self.lang), "error")
            return
        if seat is None or self.curtain_down():
            who = self.ctx.who(self.state.to_move)
            self.say(t("not_your_turn", self.lang, who=who), "error")
            return
        self.state.apply(seat, action)  # checked: an illegal action raises and changes nothing
        self.say("")
        if self.autoplay.value:
            self._autoplay()

    def _autoplay(self) -> None:
        if self.humans:
            self._play_bots()

    def _bot_decide(self, seat: int) -> None:
        policy = self.policies[seat]
        view = self.state.view(seat)
        legal = self.state.legal_actions(seat)
        index = len(self.state.decisions)
        try:
            decision = policy.decide(view, legal)
            action, why = decision.action, decision.explanation
            if not self.state.can(seat, action):
                raise TradekitError(f"{action!r} is not legal now")
        except Exception as exc:  # a broken bot must not stop the lesson
            self.last_error = exc
            action = legal[0]
            label = self.renderer.action_label(action, view, self.ctx)
            why = f"{type(exc).__name__}: {exc} — {label}"
            self.say(t("error", self.lang, error=f"{policy.name}: {exc}"), "error")
        self.state.apply(seat, action)
        self.explanations[index] = (seat, policy.name, why)

    def _play_bots(self, limit: int = MAX_BOT_STEPS) -> int:
        """Bots act while any bot must act: in a simultaneous step they all choose (sealed), then
        play stops at the first step where only humans must act (or at the end)."""
        steps = 0
        while steps < limit:
            seat = self._bot_to_act()
            if seat is None:
                break
            self._bot_decide(seat)
            steps += 1
        return steps

    def step(self) -> None:
        """Let one bot make one decision."""
        self.say("")
        if self.state.is_over:
            self.say(t("game_is_over", self.lang), "note")
            return
        seat = self._bot_to_act()
        if seat is None:
            self.say(t("your_turn", self.lang, name=self.ctx.who(self.state.to_move)), "note")
            return
        self._bot_decide(seat)

    def play_to_turn(self) -> None:
        """Bots play until a human must act (or to the end when every seat is a bot)."""
        self.say("")
        if self.state.is_over:
            self.say(t("game_is_over", self.lang), "note")
            return
        self._play_bots()

    def back(self) -> None:
        """Undo back to just before the last human decision (or one decision with no human)."""
        decisions = self.state.decisions
        if not decisions:
            self.say(t("nothing_to_undo", self.lang), "note")
            return
        if self.mode == "student":
            k_or_none = self._student_back_point()
            if k_or_none is None:
                return
            k = k_or_none
        else:
            mine = [k for k, (seat, _) in enumerate(decisions) if seat in self.humans]
            k = mine[-1] if mine else len(decisions) - 1
        seat, action = decisions[k]
        what = self.renderer.action_label(action, self.state.view(seat), self.ctx)
        if self.hotseat:  # the next player at the screen must not read a sealed choice
            what = t("hidden_decision", self.lang, name=self.ctx.name(seat))
        else:
            what = f"{self.ctx.name(seat)}: {what}"
        self._go_to(k)
        self.say(t("undone", self.lang, what=what), "ok")
        if self.autoplay.value:
            self._autoplay()

    def _student_back_point(self) -> int | None:
        """Where Back goes at a student's table: to before the last decision of the human at the
        screen, if no other human has decided since (else a message, and ``None``)."""
        decisions = self.state.decisions
        me = self.humans[0] if len(self.humans) == 1 and not self.hotseat else self.viewer
        if type(me) is not int or me not in self.humans:
            key = "back_reveal_first" if self.curtain_down() else "back_no_seat"
            self.say(t(key, self.lang), "note")
            return None
        mine = [k for k, (seat, _) in enumerate(decisions) if seat == me]
        if not mine:
            self.say(t("nothing_to_undo", self.lang), "note")
            return None
        k = mine[-1]
        return None if self._another_human_since(k, me) else k

    def _another_human_since(self, k: int, me: int | None) -> bool:
        """Whether a human other than ``me`` decided at or after decision ``k`` (said, naming
        them: going back to ``k`` would undo their decision)."""
        for seat, _ in self.state.decisions[k:]:
            if seat in self.humans and seat != me:
                self.say(t("back_other_human", self.lang, name=self.ctx.name(seat)), "error")
                return True
        return False

    def _go_to(self, k: int) -> None:
        self.state = self.state.branch(k)
        self.explanations = {i: e for i, e in self.explanations.items() if i < k}

    def new_game(self) -> None:
        """Deal a new game with the same options."""
        self.state = self.game.new_state(seed=self._new_seed())
        self.explanations = {}
        self.main_state = None
        self._revealed = None
        self.say("")
        self._autoplay()

    def type_command(self, text: str) -> None:
        """Play a typed action: a legal action's text (``bid 5``) or its label (``Miser 5``)."""
        self._guard(self._command)(text)

    def _on_command(self) -> None:
        self._command(self.command.value)

    def _command(self, text: str) -> None:
        seat = self.acting_human()
        if seat is None or self.curtain_down():
            if self.state.is_over:
                self.say(t("game_is_over", self.lang), "error")
            else:
                who = self.ctx.who(self.state.to_move)
                self.say(t("not_your_turn", self.lang, who=who), "error")
            return
        legal = self.state.legal_actions(seat)
        view = self.state.view(seat)
        wanted = _normal(text)
        for action in legal:
            label = self.renderer.action_label(action, view, self.ctx)
            if wanted in (_normal(str(action)), _normal(label), _normal(repr(action))):
                self.command.value = ""
                self._submit(action)
                return
        amount = self._parse_amount(wanted, seat)
        if amount is not None:
            self._submit(amount)  # illegal: the engine's reason becomes the message
            return
        examples = sorted({str(a) for a in [*legal[:1], *legal[-1:]]})
        example = self.renderer.command_example(legal, view, self.ctx)
        if example:
            examples = sorted({example, *examples})
        shown = ", ".join(f"“{e}”" for e in examples)
        self.say(t("not_understood", self.lang, text=text.strip(), examples=shown), "error")

    def _parse_amount(self, wanted: str, seat: int) -> Action | None:
        """``<word> <number>`` where a legal action of that word takes an amount (so an
        out-of-range bid gets the engine's reason, not "not understood")."""
        parts = wanted.split()
        if len(parts) != 2:
            return None
        word, number = parts
        try:
            amount = int(number)
        except ValueError:
            return None
        for action in self.state.legal_actions(seat):
            shown = _normal(str(action)).split()
            fields = [f.name for f in dataclasses.fields(action)]
            if shown and shown[0] == word and fields == ["amount"]:
                return type(action)(amount)  # type: ignore[call-arg]
        return None

    # -- hot-seat -------------------------------------------------------------------------------
    def reveal(self) -> None:
        """Hot-seat: the human who must act shows their cards."""
        self._revealed = self.acting_human()
        self.say("")

    def hide(self) -> None:
        """Hot-seat: cover the table again."""
        self._revealed = None

    # -- what if --------------------------------------------------------------------------------
    def branch(self, k: int) -> None:
        """Go back to just before decision ``k`` (0-based) in a "what if" copy of the game."""
        self._guard(self._branch)(k)

    def _on_branch(self) -> None:
        if self.whatif.value is None:
            self.say(t("no_decisions", self.lang), "note")
            return
        self._branch(int(self.whatif.value))

    def _branch(self, k: int) -> None:
        if self.mode == "student" and len(self.humans) > 1:
            me = self.viewer if type(self.viewer) is int else None
            if self._another_human_since(k, me):
                return
        if self.main_state is None:
            self.main_state = self.state
            self._main_explanations = dict(self.explanations)
        self._go_to(k)
        self._revealed = None
        self.say(t("branched", self.lang, n=k + 1), "ok")

    def return_to_main(self) -> None:
        """Leave the "what if" copy and go back to the original game."""
        if self.main_state is None:
            return
        self.state = self.main_state
        self.explanations = self._main_explanations
        self.main_state = None
        self.say(t("returned", self.lang), "ok")

    # -- save and load --------------------------------------------------------------------------
    def save_viewer(self) -> Viewer:
        """Whose save the Save button writes: ``"all"`` (the full save) at a teacher's table;
        at a student's, the seat on view (the public's with the hot-seat curtain down)."""
        if self.mode == "teacher":
            return "all"
        viewer = self.viewer
        return viewer if type(viewer) is int and viewer in self.humans else None

    def save(self) -> str:
        """The game as JSON: the full save at a teacher's table (``tradekit.replay`` reads it
        back), a seat save at a student's (``tradekit.review`` opens it); see
        :meth:`save_viewer`."""
        return self.state.to_json(indent=1, viewer=self.save_viewer())

    def save_to_box(self) -> None:
        """Put the saved game in the text box and offer it as a download."""
        viewer = self.save_viewer()
        text = self.save()
        self.json_box.value = text
        data = base64.b64encode(text.encode()).decode()
        part = "game" if viewer == "all" else "public" if viewer is None else f"P{viewer}"
        link = p.tag(
            "a",
            p.esc(t("download", self.lang)),
            href=f"data:application/json;base64,{data}",
            download=f"{self.game.name}-{part}.json",
        )
        self.download.value = link
        n = len(self.state.decisions)
        if viewer == "all":
            self.say(t("saved", self.lang, n=n), "ok")
        else:
            who = (
                viewer_label(viewer, self.ctx)
                if viewer is not None
                else t("view_public", self.lang)
            )
            self.say(t("saved_seat", self.lang, view=who), "ok")

    def load(self, text: str | bytes) -> None:
        """Replay a saved game and play on from it (a bad save shows a message)."""
        self._guard(self._load)(text)

    def _on_load(self) -> None:
        self._load(self.json_box.value)

    def _on_upload(self, change: Mapping[str, Any]) -> None:
        files = change.get("new") or ()
        if not files:
            return
        content = bytes(files[0]["content"])
        self.upload.value = ()  # so that choosing the same file again loads it again
        self._guard(self._load)(content)

    def _load(self, text: str | bytes) -> None:
        if not text.strip():
            self.say(t("load_empty", self.lang), "error")
            return
        try:
            state = replay(text)
        except TradekitError as exc:
            self.say(t("load_failed", self.lang, reason=str(exc)), "error")
            return
        if state.game.name != self.game.name:
            renderer = renderer_for(state.game.name)
            saved = renderer.title(Context(state.game, self.lang))
            self.say(
                t("wrong_game", self.lang, saved=saved, game=self.renderer.title(self.ctx)),
                "error",
            )
            return
        n = state.game.num_players
        if n != self.game.num_players:
            self.humans = tuple(s for s in self.humans if s < n) or (0,)
            self.policies = self._make_policies(state.game, None)
            if not self._view_choice.startswith("seat:") or int(self._view_choice[5:]) >= n:
                self._view_choice = f"seat:{self.humans[0]}"
        self.state = state
        self.explanations = {}
        self.main_state = None
        self._revealed = None
        self._label()
        self.say(t("loaded", self.lang, n=len(state.decisions)), "ok")

    # -- switches -------------------------------------------------------------------------------
    def _on_view(self, change: Mapping[str, Any]) -> None:
        if change.get("new") is not None:
            self._view_choice = str(change["new"])
            self._refresh_quietly()

    def set_view(self, viewer: Viewer) -> None:
        """Show a seat's view, the public view (``None``) or the teacher's (``"all"``); a
        student's table shows only its humans' own views and the public one (another is refused
        with a message)."""
        choice = "public" if viewer is None else "teacher" if viewer == "all" else f"seat:{viewer}"
        if choice not in [v for _, v in self.view_switch.options]:
            self.say(t("student_view_refused", self.lang), "error")
            return
        self.view_switch.value = choice

    def _on_lang(self, change: Mapping[str, Any]) -> None:
        self.set_lang(str(change["new"]))

    def set_lang(self, lang: str) -> None:
        """Switch every label and the narration to ``lang``."""
        self.lang = check_lang(lang)
        for policy in self.policies.values():
            if hasattr(policy, "lang"):
                policy.lang = self.lang  # random and bot policies explain in the table's language
        if self.lang_switch.value != self.lang:
            self.lang_switch.value = self.lang
        self._label()
        self._refresh_quietly()

    # -- drawing --------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw every part from the state."""
        ctx = self.ctx
        renderer = self.renderer
        viewer = self.viewer
        view = self.state.view(viewer)
        status = renderer.status(view, ctx)
        title = renderer.title(ctx)
        if self.main_state is not None:
            status = f"{t('in_branch', self.lang)} · {status}"
        shown = t("showing_view", self.lang, view=viewer_label(viewer, ctx))
        self.header.value = p.STYLE + p.tag(
            "div",
            p.tag("b", p.esc(title))
            + " · "
            + p.esc(status)
            + " · "
            + p.tag("span", p.esc(shown), cls="tk-muted"),
            cls="tk",
            style="font-size:14px;padding:2px 0",
        )
        self.table.value = renderer.table(view, ctx)
        self._draw_controls(viewer, view, ctx)
        self._draw_log(viewer, ctx)
        self._draw_bots(viewer, ctx)
        self._draw_whatif(viewer, ctx)
        over = self.state.is_over
        self.step_button.disabled = over or self._bot_to_act() is None
        self.play_button.disabled = over or self._bot_to_act() is None
        self.back_button.disabled = not self.state.decisions
        self.return_button.layout.display = None if self.main_state is not None else "none"
        self.view_switch.disabled = self.hotseat

    def _draw_controls(self, viewer: Viewer, view: Any, ctx: Context) -> None:
        self.handles = {}
        human = self.acting_human()
        rows: list[Any] = []
        if self.curtain_down() and human is not None:
            name = ctx.name(human)
            self.reveal_button.description = t("hotseat_ready", self.lang, name=name)
            self.table.value = (
                p.STYLE
                + p.tag("div", p.esc(t("hotseat_pass", self.lang, name=name)), cls="tk tk-curtain")
                + self.table.value
            )
            rows = [self.reveal_button]
            self.handles["reveal"] = self.reveal_button
        elif human is not None and viewer in (human, "all"):
            seat_view = self.state.view(human)
            legal = self.state.legal_actions(human)
            cc = ControlContext(
                seat=human,
                view=seat_view,
                legal=legal,
                ctx=ctx,
                renderer=self.renderer,
                submit=self.submit,
            )
            turn = p.message(t("your_turn", self.lang, name=ctx.name(human)), "ok")
            rows = [widgets.HTML(turn), *self.game_controls.build(cc)]
            example = self.renderer.command_example(legal, seat_view, ctx)
            self.command.placeholder = t("type_placeholder", self.lang, example=example)
            rows.append(self.command_row)
            self.handles = dict(cc.handles)
            self.handles["command"] = self.command
            if self.hotseat:
                rows.append(self.hide_button)
                self.handles["hide"] = self.hide_button
        elif human is not None:
            note = t("view_seat", self.lang, name=ctx.name(human))
            rows = [
                widgets.HTML(
                    p.message(
                        f"{t('your_turn', self.lang, name=ctx.name(human))} "
                        f"→ {t('view_label', self.lang)}: {note}",
                        "note",
                    )
                )
            ]
        elif not self.state.is_over:
            key = "waiting_for_bots" if self.humans else "no_human"
            rows = [widgets.HTML(p.message(t(key, self.lang), "note"))]
        rows += self._out_of_turn_row(viewer, human, ctx)
        self.controls.children = tuple(rows)

    def _out_of_turn_row(self, viewer: Viewer, acting: int | None, ctx: Context) -> list[Any]:
        """Buttons for the out-of-turn actions (a purchase, a loan "at any time") of the human
        seat on view when it is not the one to act. In hot-seat mode only the acting student
        sits at the screen, so nobody else is offered anything."""
        if self.hotseat or self.state.is_over or type(viewer) is not int:
            return []
        if viewer not in self.humans or viewer == acting or viewer in self.state.to_move:
            return []
        legal = self.state.legal_actions(viewer)  # a seat not to move: its out-of-turn actions
        if not legal:
            return []
        view = self.state.view(viewer)
        buttons = []
        for i, action in enumerate(legal[:MAX_OUT_OF_TURN]):
            label = self.renderer.action_label(action, view, ctx)
            button = widgets.Button(
                description=label,
                tooltip=label,
                layout=widgets.Layout(width="auto", height="auto", min_height="30px"),
            )
            button.on_click(lambda _, a=action, s=viewer: self.submit_out_of_turn(s, a))
            button.add_class(f"tk-c-anytime-{i}")
            self.handles[f"anytime-{i}"] = button
            buttons.append(button)
        note = widgets.HTML(p.message(t("any_time", self.lang, name=ctx.name(viewer)), "note"))
        return [note, widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))]

    def submit_out_of_turn(self, seat: int, action: Action) -> None:
        """Play an out-of-turn ``action`` (a purchase, a loan) for human ``seat``, whether or not
        it is to move (a refused action shows a message)."""
        self._guard(self._submit_out_of_turn)(seat, action)

    def _submit_out_of_turn(self, seat: int, action: Action) -> None:
        if seat not in self.humans or self.hotseat:
            self.say(t("not_your_turn", self.lang, who=self.ctx.who(self.state.to_move)), "error")
            return
        self.state.apply(seat, action)  # checked: an illegal action raises and changes nothing
        self.say("")
        if self.autoplay.value:
            self._autoplay()

    def _decision_index(self) -> tuple[list[int | None], list[int]]:
        """Each decision's log index and the log indices of the reveals, cached per state and
        length (a refresh asks for them often; recomputing made long games slow)."""
        state = self.state
        cache = self._index_cache
        # Every decision logs an event, so the log's length tells whether the state moved on.
        if cache is not None and cache[0] is state and cache[1] == len(state.log):
            return cache[3], cache[4]
        events = decision_events(state)
        reveals = [i for i, e in enumerate(state.log) if e.kind == "reveal"]
        self._index_cache = (state, len(state.log), len(state.decisions), events, reveals)
        return events, reveals

    def decision_label(self, index: int, viewer: Viewer) -> tuple[str, bool] | None:
        """What ``viewer`` may know of decision ``index``: ``(label, whole)``, where ``whole``
        says the label names the whole action; ``None`` while it is hidden from them.

        A decision is known whole to whoever could see its event (the teacher sees all). A hidden
        one (a sealed bid) is known as far as the first reveal the viewer sees after it shows it:
        the game's renderer says what that reveal turned up (:meth:`Renderer.revealed_label`), so
        a card offered face down is never named.
        """
        state = self.state
        seat, action = state.decisions[index]
        events, reveals = self._decision_index()
        event = events[index] if index < len(events) else None
        ctx = self.ctx
        if (
            viewer == "all"
            or viewer == seat
            or (event is not None and state.log[event].visible(viewer))
        ):
            return self.renderer.action_label(action, None, ctx), True
        if event is None:
            return None
        for at in reveals[bisect.bisect_right(reveals, event) :]:
            reveal = state.log[at]
            if reveal.visible(viewer):
                return self.renderer.revealed_label(action, seat, reveal, ctx)
        return None

    def explanation_visible(self, index: int, viewer: Viewer) -> bool:
        """Whether a bot's explanation of decision ``index`` may be shown to ``viewer``: only once
        the viewer knows the whole decision (a reason names what was chosen). At a student's
        table, another seat's reasons wait for the end of the game: a bot reasons from its own
        hand ("I hold 2 of them"), which the student may not know while the game is played."""
        if viewer == "all":
            return True
        playing = self.mode == "student" and not self.state.is_over
        if playing and self.state.decisions[index][0] != viewer:
            return False
        known = self.decision_label(index, viewer)
        return known is not None and known[1]

    def _draw_log(self, viewer: Viewer, ctx: Context) -> None:
        events, _ = self._decision_index()
        visible = [(i, e) for i, e in enumerate(self.state.log) if e.visible(viewer)]
        earlier = 0
        if self.log_lines is not None and len(visible) > self.log_lines:
            earlier = len(visible) - self.log_lines
            visible = visible[earlier:]
        shown = [i for i, _ in visible]
        notes: dict[int, list[str]] = {}
        for index, (_, bot, why) in sorted(self.explanations.items()):
            at = events[index] if index < len(events) else None
            if at is None or not why or not self.explanation_visible(index, viewer):
                continue
            # A sealed decision's own event stays hidden: the note goes under the next line the
            # viewer sees ("P1 has chosen").
            where = bisect.bisect_left(shown, at)
            if where < len(shown):
                note = t("why_note", self.lang, bot=bot, why=why)
                notes.setdefault(shown[where], []).append(note)
        self.log.value = render_log(
            visible, ctx, notes, empty=t("no_decisions", self.lang), earlier=earlier
        )

    def _draw_bots(self, viewer: Viewer, ctx: Context) -> None:
        if not self.policies:
            self.bots_box.value = ""
            return
        # Each bot's latest decision the viewer knows of (most recent first, stopping early:
        # a long game has thousands of decisions).
        latest: dict[int, tuple[str, str | None]] = {}
        for index in sorted(self.explanations, reverse=True):
            seat, bot, why = self.explanations[index]
            if seat in latest:
                continue
            known = self.decision_label(index, viewer)
            if known is not None:
                latest[seat] = (known[0], why if self.explanation_visible(index, viewer) else None)
            if len(latest) == len(self.policies):
                break
        lines = []
        for seat in sorted(self.policies):
            bot = self.policies[seat].name
            if seat in latest:
                label, reason = latest[seat]
                said = label if reason is None else f"{label} — {reason}"
                text = t("bot_said", self.lang, name=ctx.name(seat), bot=bot, why=said)
            else:
                text = f"{ctx.name(seat)} ({bot})"
            lines.append(p.tag("div", p.esc(text), data_bot=seat))
        if self.mode == "student" and not self.state.is_over and viewer != "all":
            lines.append(p.tag("div", p.esc(t("reasons_at_end", self.lang)), cls="tk-muted"))
        self.bots_box.value = p.STYLE + p.section(t("bots", self.lang), "".join(lines))

    def _draw_whatif(self, viewer: Viewer, ctx: Context) -> None:
        events, _ = self._decision_index()
        log = self.state.log
        # Labels are kept per (decision, visible) for this state, language and names: after each
        # click only the new decisions (and newly revealed ones) are written again.
        key = (self.state, self.lang, ctx.names)
        if self._label_cache[0] != key:
            self._label_cache = (key, {})
        cache = self._label_cache[1]
        options = []
        for k, (seat, _) in enumerate(self.state.decisions):
            label = cache.get((k, viewer))
            if label is None:
                at = events[k]
                heading = t(
                    "round_heading", self.lang, round=log[at].round if at is not None else 0
                )
                known = self.decision_label(k, viewer)
                if known is not None:
                    label = f"{k + 1}. {heading} · {ctx.name(seat)}: {known[0]}"
                    cache[(k, viewer)] = label  # known stays known
                else:
                    hidden = t("hidden_decision", self.lang, name=ctx.name(seat))
                    label = f"{k + 1}. {heading} · {hidden}"
            options.append((label, k))
        keep = self.whatif.value
        self.whatif.options = options
        if options:
            self.whatif.value = keep if keep is not None and keep < len(options) else options[-1][1]


#: A table's modes: a student's (own views, seat saves) and a teacher's (every power).
MODES = ("student", "teacher")

#: The most out-of-turn actions offered as buttons at once (a seat rarely has more than a few).
MAX_OUT_OF_TURN = 12


def default_bot(game: Game) -> str | None:
    """The bot that plays the seats nobody chose for: the game's ``"heuristic"`` bot from
    ``tradekit.bots`` if it has one, else ``None`` (a :class:`RandomPolicy`, whose explanations
    are translated)."""
    try:
        from tradekit.bots import has_bot
    except ImportError:  # pragma: no cover - bots are part of the package
        return None
    return "heuristic" if has_bot(game.name, "heuristic") else None


def _normal(text: str) -> str:
    return " ".join(text.strip().lower().replace("(", " ").replace(")", " ").split())


def table(game: str | Game | State = "turin", **kwargs: Any) -> TableWidget:
    """A table widget for ``game`` (a name with options, a Game or a State); see
    :class:`TableWidget` for the arguments.

    Example:
        >>> w = table("turin", players=4, humans=[1], lang="fr", seed=2)
        >>> w.state.game.num_players, w.lang_switch.value
        (4, 'fr')
    """
    return TableWidget(game, **kwargs)
