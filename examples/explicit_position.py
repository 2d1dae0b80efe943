"""Set up a position by hand, ask what is legal, and see an illegal move refused."""

import bezique as bz

state = bz.setup(
    bz.variants.TWO_PACK,
    hands=["AS 10S KH QH JD 9C 8C 7D", "QS JD AH 10H KC QC 9S 8D"],
    turn_up="7H",  # a seven turned up: the dealer (player 0) scores 10 at once (R2.2)
)
print("trump:", state.trump, "scores:", state.scores, "to move:", state.to_move)

state = bz.apply(state, bz.Play("9S"))  # player 1 leads
state = bz.apply(state, bz.Play("AS"))  # player 0 wins the trick with the ace
print("player 0 may now:", ", ".join(bz.format_action(a) for a in bz.legal_actions(state)))

try:
    bz.apply(state, bz.Declare("bezique", "QS JD"))  # player 0 holds no Q♠
except bz.IllegalActionError as error:
    print("refused:", error)

state = bz.apply(state, bz.Declare("royal_marriage", "KH QH"))
print("after the royal marriage:", state.scores, "table:", [str(c) for c in state.tables[0]])
