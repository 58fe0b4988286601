"""Labels and narration in English and French: one message catalogue, extended by each game.

Every string the renderer and the widgets show comes from here, looked up by a key and formatted
with named fields. The framework's own messages are below; a game adds its own with
:func:`add_messages` (Turin Market's live in :mod:`tradekit.games.turin.render`). Names of goods
and cards come from each game's data tables (``name_en`` / ``name_fr``), not from this catalogue.

This module is pure Python (the engine never needs it, the renderer and the widgets do).

Example:
    >>> t("round_of", "fr", round=2, rounds=5)
    'Manche 2 sur 5'
    >>> t("round_of", "en", round=2, rounds=5)
    'Round 2 of 5'
    >>> add_messages({"hello": {"en": "Hello {name}", "fr": "Bonjour {name}"}})
    >>> t("hello", "fr", name="Ada")
    'Bonjour Ada'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tradekit.core.errors import ConfigError

#: The languages every label exists in.
LANGS: tuple[str, ...] = ("en", "fr")

_CATALOGUE: dict[str, dict[str, str]] = {}


def check_lang(lang: object) -> str:
    """Return ``lang`` if it is a supported language.

    Raises:
        ConfigError: naming the allowed languages.

    Example:
        >>> check_lang("fr")
        'fr'
        >>> check_lang("de")
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ConfigError: option 'lang' = 'de' is not allowed: expected 'en' or 'fr'
    """
    if lang not in LANGS:
        raise ConfigError("lang", lang, " or ".join(repr(x) for x in LANGS))
    return str(lang)


def add_messages(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Add (or replace) messages: ``{key: {"en": ..., "fr": ...}}``; every language is required.

    Raises:
        ValueError: if a message lacks a language.
    """
    for key, texts in messages.items():
        missing = [lang for lang in LANGS if lang not in texts]
        if missing:
            raise ValueError(f"message {key!r} has no text in {', '.join(missing)}")
        _CATALOGUE[key] = {lang: texts[lang] for lang in LANGS}


def has_message(key: str) -> bool:
    """Whether ``key`` is in the catalogue."""
    return key in _CATALOGUE


def t(key: str, lang: str = "en", /, **fields: Any) -> str:
    """The message ``key`` in ``lang``, formatted with ``fields``.

    An unknown key returns the key itself (so a missing label shows up plainly, never crashes).
    """
    texts = _CATALOGUE.get(key)
    if texts is None:
        return key
    text = texts.get(lang) or texts["en"]
    return text.format(**fields) if fields else text


def keys() -> list[str]:
    """Every key in the catalogue (for tests)."""
    return sorted(_CATALOGUE)


add_messages(
    {
        # -- views and seats ------------------------------------------------------------------
        "seat": {"en": "P{seat}", "fr": "J{seat}"},
        "you": {"en": "you", "fr": "vous"},
        "bot": {"en": "bot", "fr": "robot"},
        "human": {"en": "human", "fr": "humain"},
        "view_seat": {"en": "{name}'s view", "fr": "Vue de {name}"},
        "view_public": {"en": "Public (projector)", "fr": "Public (projecteur)"},
        "view_teacher": {"en": "Teacher (everything)", "fr": "Enseignant (tout)"},
        "view_label": {"en": "View", "fr": "Vue"},
        "showing_view": {"en": "Showing: {view}", "fr": "Affichage : {view}"},
        "lang_label": {"en": "Language", "fr": "Langue"},
        # -- status ----------------------------------------------------------------------------
        "round_of": {"en": "Round {round} of {rounds}", "fr": "Manche {round} sur {rounds}"},
        "to_move": {"en": "To move: {who}", "fr": "À jouer : {who}"},
        "nobody": {"en": "nobody", "fr": "personne"},
        "game_over": {"en": "Game over", "fr": "Partie terminée"},
        "winners": {"en": "Winner(s): {who}", "fr": "Gagnant(s) : {who}"},
        "scores": {"en": "Scores", "fr": "Scores"},
        "your_turn": {"en": "Your turn, {name}.", "fr": "À vous, {name}."},
        "any_time": {
            "en": "At any time, even when it is not your turn, {name} may:",
            "fr": "À tout moment, même hors de son tour, {name} peut :",
        },
        "waiting_for_bots": {
            "en": "Bots to play: press Step or Play to my turn.",
            "fr": "Aux robots de jouer : appuyez sur Pas à pas ou Jouer jusqu'à mon tour.",
        },
        "no_human": {
            "en": "Every seat is a bot: press Step or Play to the end.",
            "fr": "Tous les sièges sont des robots : Pas à pas ou Jouer jusqu'à la fin.",
        },
        "hidden": {"en": "hidden", "fr": "caché"},
        "chosen": {"en": "has chosen", "fr": "a choisi"},
        "choosing": {"en": "choosing…", "fr": "réfléchit…"},
        # -- toolbar ---------------------------------------------------------------------------
        "step": {"en": "Step", "fr": "Pas à pas"},
        "step_tip": {"en": "One bot decision", "fr": "Une décision d'un robot"},
        "play_to_turn": {"en": "Play to my turn", "fr": "Jouer jusqu'à mon tour"},
        "play_to_end": {"en": "Play to the end", "fr": "Jouer jusqu'à la fin"},
        "back": {"en": "Back", "fr": "Retour"},
        "back_tip": {
            "en": "Undo back to your last decision",
            "fr": "Annuler jusqu'à votre dernière décision",
        },
        "new_game": {"en": "New game", "fr": "Nouvelle partie"},
        "autoplay": {"en": "Bots play on by themselves", "fr": "Les robots jouent d'eux-mêmes"},
        # -- controls --------------------------------------------------------------------------
        "choose_action": {"en": "Action", "fr": "Action"},
        "play": {"en": "Play", "fr": "Jouer"},
        "type_action": {"en": "Type an action", "fr": "Tapez une action"},
        "type_placeholder": {"en": "e.g. {example}", "fr": "p. ex. {example}"},
        "go": {"en": "Go", "fr": "Valider"},
        "not_understood": {
            "en": "“{text}” is not an action you can take now. For example: {examples}",
            "fr": "« {text} » n'est pas une action possible maintenant. Par exemple : {examples}",
        },
        "illegal": {"en": "Not allowed: {reason}", "fr": "Action refusée : {reason}"},
        "not_your_turn": {
            "en": "It is not a human's turn: {who} must act.",
            "fr": "Ce n'est pas à un humain de jouer : {who} doit jouer.",
        },
        "game_is_over": {
            "en": "The game is over: press New game, Back or branch from the log.",
            "fr": "La partie est finie : Nouvelle partie, Retour ou bifurquez depuis le journal.",
        },
        "nothing_to_undo": {"en": "There is nothing to undo.", "fr": "Rien à annuler."},
        "undone": {"en": "Undone: {what}", "fr": "Annulé : {what}"},
        "error": {"en": "Something went wrong: {error}", "fr": "Un problème est survenu : {error}"},
        # -- hot-seat --------------------------------------------------------------------------
        "hotseat_pass": {
            "en": "Pass the screen to {name}. Others, look away!",
            "fr": "Passez l'écran à {name}. Les autres, ne regardez pas !",
        },
        "hotseat_ready": {
            "en": "I am {name}: show my cards",
            "fr": "Je suis {name} : voir mon jeu",
        },
        "hotseat_hide": {"en": "Hide my cards", "fr": "Cacher mon jeu"},
        # -- log, what if ----------------------------------------------------------------------
        "log": {"en": "Log", "fr": "Journal"},
        "why_note": {"en": "why ({bot}): {why}", "fr": "pourquoi ({bot}) : {why}"},
        "decision": {"en": "decision {n}", "fr": "décision {n}"},
        "hidden_decision": {"en": "{name} decides (hidden)", "fr": "{name} décide (caché)"},
        "what_if": {"en": "What if…", "fr": "Et si…"},
        "what_if_label": {"en": "Go back to before", "fr": "Revenir avant"},
        "branch": {"en": "Branch here", "fr": "Bifurquer ici"},
        "branched": {
            "en": "What if: back before decision {n}. The original game is kept.",
            "fr": "Et si : retour avant la décision {n}. La partie d'origine est gardée.",
        },
        "return_main": {"en": "Back to the original game", "fr": "Revenir à la partie d'origine"},
        "returned": {"en": "Back to the original game.", "fr": "Retour à la partie d'origine."},
        "in_branch": {"en": "What-if branch", "fr": "Variante « et si »"},
        "no_decisions": {"en": "No decision yet.", "fr": "Aucune décision pour l'instant."},
        "earlier_lines": {
            "en": "… {n} earlier lines (save the game to read them all)",
            "fr": "… {n} lignes plus anciennes (sauvez la partie pour tout lire)",
        },
        "round_heading": {"en": "Round {round}", "fr": "Manche {round}"},
        "setup_heading": {"en": "Set-up", "fr": "Mise en place"},
        # -- save and load ---------------------------------------------------------------------
        "save_load": {"en": "Save / load", "fr": "Sauver / charger"},
        "save": {"en": "Save", "fr": "Sauver"},
        "load": {"en": "Load", "fr": "Charger"},
        "saved": {
            "en": "Saved: the JSON is in the box below ({n} decisions).",
            "fr": "Sauvé : le JSON est dans la boîte ci-dessous ({n} décisions).",
        },
        "download": {"en": "Download the game (JSON)", "fr": "Télécharger la partie (JSON)"},
        "json_placeholder": {
            "en": "Paste a saved game (JSON) here, then press Load",
            "fr": "Collez une partie sauvée (JSON) ici, puis Charger",
        },
        "loaded": {
            "en": "Loaded a game of {n} decisions.",
            "fr": "Partie chargée : {n} décisions.",
        },
        "load_failed": {
            "en": "Could not load this game: {reason}",
            "fr": "Impossible de charger cette partie : {reason}",
        },
        "load_empty": {
            "en": "Paste a saved game or choose a file first.",
            "fr": "Collez d'abord une partie sauvée ou choisissez un fichier.",
        },
        "wrong_game": {
            "en": "This is a saved game of {saved}, not {game}.",
            "fr": "Cette partie sauvée est une partie de {saved}, pas de {game}.",
        },
        "upload": {"en": "Open a file", "fr": "Ouvrir un fichier"},
        "saved_seat": {
            "en": "Saved what you saw ({view}): the JSON is in the box below. Hand it in, or "
            "open it with tradekit.review.",
            "fr": "Sauvé ce que vous avez vu ({view}) : le JSON est dans la boîte ci-dessous. "
            "Rendez-le, ou ouvrez-le avec tradekit.review.",
        },
        # -- a student's table -----------------------------------------------------------------
        "student_view_refused": {
            "en": "A student's table shows only your own view and the public view.",
            "fr": "La table d'un élève ne montre que votre vue et la vue publique.",
        },
        "back_reveal_first": {
            "en": "Show your cards first: Back undoes only your own decision.",
            "fr": "Montrez d'abord vos cartes : Retour n'annule que votre propre décision.",
        },
        "back_no_seat": {
            "en": "Switch to your own view first: Back undoes only your own decision.",
            "fr": "Passez d'abord à votre vue : Retour n'annule que votre propre décision.",
        },
        "back_other_human": {
            "en": "{name} has decided since: going back would undo their decision.",
            "fr": "{name} a décidé depuis : revenir en arrière annulerait sa décision.",
        },
        # -- review ----------------------------------------------------------------------------
        "review_of": {
            "en": "The game as {view} saw it",
            "fr": "La partie telle que {view} l'a vue",
        },
        "review_step": {"en": "Step {k} of {n}", "fr": "Étape {k} sur {n}"},
        "review_steps": {"en": "Step", "fr": "Étape"},
        "review_first": {"en": "◀◀ Start", "fr": "◀◀ Début"},
        "review_prev": {"en": "◀ Previous", "fr": "◀ Précédent"},
        "review_next": {"en": "Next ▶", "fr": "Suivant ▶"},
        "review_last": {"en": "End ▶▶", "fr": "Fin ▶▶"},
        "review_start": {"en": "the deal", "fr": "la donne"},
        "review_quiet": {"en": "the table changed", "fr": "la table a changé"},
        "review_mine": {"en": "you: {action}", "fr": "vous : {action}"},
        "review_public": {"en": "the public", "fr": "le public"},
        "review_teacher": {"en": "the teacher", "fr": "l'enseignant"},
        "review_read_only": {
            "en": "A review is read-only: it shows what was seen, step by step.",
            "fr": "Une relecture ne se joue pas : elle montre ce qui a été vu, étape par étape.",
        },
        # -- bots ------------------------------------------------------------------------------
        "bots": {"en": "Bots", "fr": "Robots"},
        "bot_said": {"en": "{name} ({bot}): {why}", "fr": "{name} ({bot}) : {why}"},
        "reasons_at_end": {
            "en": "The bots' reasons are shown when the game is over: they reason from cards you "
            "cannot see.",
            "fr": "Les raisons des robots s'affichent à la fin de la partie : ils raisonnent sur "
            "des cartes que vous ne voyez pas.",
        },
        "random_why": {
            "en": "picked at random among {n} legal actions",
            "fr": "tiré au hasard parmi {n} actions permises",
        },
        "only_choice": {"en": "the only legal action", "fr": "la seule action permise"},
        "played": {"en": "{name}: {action}", "fr": "{name} : {action}"},
    }
)
