"""A fixed two-seat Knights of Glory game of three claims, whose truths and answers are worked out by hand."""

SETUP = {
    "paths": ["sword", "bomb", "key", "deathtrap", "torch", "deathtrap"],
    "hands": {
        "0": ["bomb", "key", "shield", "sword", "jester"],
        "1": ["bomb", "key", "shield", "sword", "wild"],
    },
    "dice": ["bomb", "key", "bomb"],
    "unknown": ["torch", "torch", "jester", "wild", "wild"],
}
MOVES = (
    # Seat 0 covers the bomb die of place 1 (a sword path) with a Jester: a bluff, believed.
    (0, "advance"),
    (0, "cover bomb with jester"),
    (1, "vote agree"),
    # Place 2 rolls a key, covered by a shield: a bluff, called.
    (0, "advance"),
    (0, "cover key with shield"),
    (1, "vote disagree"),
    (0, "retreat"),
    # Seat 1 advances to place 1, rolls a bomb and covers it truly; seat 0 calls it wrongly.
    (1, "advance"),
    (1, "cover bomb with bomb"),
    (0, "vote disagree"),
)
