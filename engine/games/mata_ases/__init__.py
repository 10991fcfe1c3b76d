"""Mata Ases: every rule of the game, its texts, bots, odds, free table and practice hands.

- :mod:`.showdown`: visible hands, who kills the Aces, the showdown (``mata-ases-showdown``).
- :mod:`.hand`: one hand, below: the table's dealt hand (:class:`engine.table.hand.DealtHand`) on the rules as
  data of :mod:`.rules` (its streets, who opens them, the showdown, the extensions) and the table of
  :mod:`.setup` (stakes, exposed cards, its deals: :mod:`engine.table.setup`), its sentences in :mod:`.texts`;
  :mod:`.command`: ``mata-ases-hand``;
  :mod:`.simulate`: random tables and decisions.
- The bots: :mod:`.bot_view` (what a player sees), :mod:`.bot_estimate` (seeded Monte Carlo over the
  unseen cards), :mod:`.bot_policy` (the styles and the decision), :mod:`.bot` (``mata-ases-bot``,
  ``mata-ases-deal``), :mod:`.deal` (seeded deals), :mod:`.bot_sample` (decision states for tests).
- :mod:`.play`: the game at the play layer's tables (:mod:`engine.play`: the free table «Mesa libre» and
  replays of its hands); :mod:`.authoring`: its part of the practice-hand format and its practice hands;
  :mod:`.odds`: exact odds (with the counts of :mod:`.odds_counts`).
- What it teaches, its facets (:data:`engine.games.FACETS`): :mod:`.pages`, :mod:`.skills`, :mod:`.questions`,
  :mod:`.drills`, :mod:`.blame` (with :mod:`.rule_links`).

A complete hand (:mod:`.hand`): deal, both modalities, betting, card faces, all-in, side pots and
extensions, every step explained in Spanish with the rule it applies.

The model is state plus actions (:class:`~.hand.MataAsesHand`, a game on the one table hand, which keeps
the betting round): each decision has ``verify_…`` (raises a
:class:`~engine.table.errors.ActionError` whose Spanish message says what is allowed), ``can_…`` (a bool) and a
method that does it and returns its record; the hand keeps every record (:mod:`engine.table.records`), and
the table's one pipeline words them (:func:`engine.table.texts.event`, with :data:`.texts.SENTENCES`). The
protocol command ``mata-ases-hand`` (:mod:`.command`) replays a hand from its deals and decisions; actions
and table labels are worded by :mod:`engine.table.words`.

>>> from engine.cards import parse_cards
>>> from engine.games.mata_ases.hand import MataAsesHand
>>> from engine.games.mata_ases.setup import Deal, Stakes
>>> deal = Deal.from_deck(["Tú", "Ana"], parse_cards("As Kc Ah 7c Kd  Qh Qc 8s Js 2h  8d 3c 5h"))
>>> hand = MataAsesHand([("Tú", 1000), ("Ana", 1000)], button="Ana", modality="boton-ante",
...                     stakes=Stakes(minimum=50, ante=25), deals=[deal], betting="fixed")
>>> hand.to_act, [a["action"] for a in hand.legal_actions()]
('Tú', ['check', 'bet'])
>>> from engine.table.texts import event
>>> from engine.games.mata_ases.texts import WORDS
>>> record = hand.check("Tú")
>>> record.player, event(record, {}, words=WORDS)["text"]
('Tú', 'Pasas.')

Events
======
Every event of a ``mata-ases-hand`` reply is one JSON object (each record of the hand, worded)::

    {"type": str, "street": 1 | "ayudas" | 3 | 4 | 5 | "showdown", "deal": k, "player": name | null,
     "amount": int | null, "cards": [tokens] | null, "text": Spanish, "cite": str | null,
     "cite_repeat"?: true, "table": snapshot}

- ``street``: 1 is the first betting round (after the first two cards); "ayudas" the ayudas put
  down after it (``ayudas_down``, their own section); 3, 4, 5 are the rounds after the 3rd, 4th and
  5th card (and the dealing of that card); settling events use "showdown".
- ``deal``: 0 for the original hand, then one more for each extension (and for each redeal of a
  misdealt extension: the index into the request's ``deals``).
- ``text``: second person when the player is the reader "Tú" ("Pasas.", "Pagas 50.",
  "Ganas el pozo de 225."), third person otherwise ("Ana apuesta 50.").
- ``cite``: as the guide writes it ("Reglamento Mata Ases Emporium Academy 2024, desarrollo C-1");
  where the guide gives none, the section of this site's rules page ("Reglas de este sitio:
  «Pozos secundarios»"); null for plain actions. ``cite_repeat: true`` (present only then) when an
  earlier event of the same deal and street gave the same citation: pages show it collapsed.
- ``table``: ``{"button", "pot" (chips in the middle, current-round bets included), "to_act",
  "ayudas": {"cards": [3 tokens] or [], "open": bool}, "players": {name: {"stack", "bet" (this
  round), "folded", "all_in", "open": [tokens], "closed": [tokens]}}}``. Closed cards are included
  (the UI hides the opponents'); players outside an extension show as folded with no cards.

Types, with what ``player``/``amount``/``cards`` carry:

============  ====================================================================================
deal          first two cards dealt; player = button, cards = the open cards in dealing order
ante          Botón Ante: the button's ante (not a bet); amount
bring_in      Bring In: the lowest open card posts it (a bet); amount, cards = that card
first_to_act  who speaks first and why; cards = the deciding open card or visible hand
check, bet, call, raise, fold   a decision; amount = chips (bet, call) or the raise-to total
all_in        the player has no chips left; amount = all he put in this hand
card          a 3rd-5th own card: open («aire»), closed (the closed one opens), closed without choice
              (after everybody checked) or closed in a runout; cards = [the new card]
exposed       the dealer exposes a card by mistake; cards = [that card]
misdeal       an exposed second card (the closed one): the deal is void, chips go back
round_end     a betting round ends (or is lost after a check on an exposed card)
all_checked   everybody checked: all own cards are turned up; next card closed, or showdown on 5th
ayudas_down   the three ayudas go face down in the middle (no burn card)
ayudas_open   the ayudas are turned up once the 3rd card is dealt; cards = the ayudas
runout        all-in and nobody can bet: the rest is dealt closed and everybody shows
return        chips nobody called go back to their owner; amount
showdown      everybody shows the five own cards (the text says who shows first); "show" events follow in that order
show          one player's play; cards = the five cards of the play (or what a lone player shows)
win           a pot (or a share of it) is won; amount, cards = the winning play (an odd chip names the own card that takes it)
no_winner     nobody kills the Aces: the pot is not collected; amount = the pot
extension     an extension starts; player = its button, amount = the pot carried
split         after the last extension, a pot is divided (or goes to its only claimant); amount
button        after extensions: who has the button for the next hand
hand_end      the hand is over
============  ====================================================================================

Conventions (where the rules are silent; also in ``docs/mata-ases/_conventions_hand.md``)
=========================================================================================
- Visible hands with fewer than five cards rank stud-style; ties go to the highest card by suit
  (spades, hearts, diamonds, clubs). The highest open card opens the first round of an extension.
- Folding is only possible when facing a bet (checking is free).
- A lone player (everybody else folded) shows the own cards received so far, with at most one ayuda
  if they are already open. With a pair of Aces or better he collects.
- An extension is played by those who paid (put chips in the pot during that deal, the ante
  included, even if they folded later) or reached the showdown: the guide's «pagaron o llegaron
  al showdown», the same after a showdown and after a lone player without Aces (with nobody else
  who paid, the pot is his).
- Who shows first: the last bettor or raiser of the final round, else the player who opened it
  (the best visible hand), then clockwise; after a runout everybody shows at once.
- Equal visible hands: the highest card by suit speaks first; when the best visible hand is
  all-in, the next player on its left who can bet speaks. Both are cited as this site's
  convention.
- Chips that nobody called go back to their owner before the pot is settled (also a Bring In that
  everybody folds to). The Botón Ante ante is dead money in the main pot: it never counts as calling
  a bet, and every player still in the hand can win it.
- Extensions: no Bring In; in Botón Ante the new button posts the ante again; the highest open card
  opens the first round and may check. After the last extension (two) without a winner, every pot
  is split among its players; odd chips go to the highest own card by suit, every own card
  counting (the stud practice; ayudas, shared by all, do not count).
- Side pots are settled separately, the main pot last (TDA 21).
- The first card is dealt face up: it cannot be exposed by mistake (a request saying so is
  refused). A misdealt extension (exposed second card) is dealt again, same players and button,
  and does not count as an extension.
- An exposed 3rd-5th card comes face up without a choice; if its player is all-in, that round is
  lost. In a runout an exposed card changes nothing.
- No-limit: a bet of at least the minimum; a raise adds at least the largest full bet or raise of
  the round (TDA 43); an all-in for less is allowed but does not reopen the betting for a player
  who already acted unless what he faces since then adds up to a full raise (TDA 47). After a Bring In the amount to call is the
  minimum and the next raise goes to at least twice the minimum. Fixed mode: bets and calls of
  exactly the minimum (or a short all-in), no raises.
- Players who are all-in while others can still bet keep choosing how their cards come.
"""
