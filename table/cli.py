"""``tiengow demo`` and ``tiengow table``: the table runtime's commands."""

from __future__ import annotations

import sys


def register(sub) -> None:
    d = sub.add_parser("demo", help="a simulated table refereed live (what `make run` starts)",
                       description="A scripted game with random legal play, refereed and printed in "
                                   "the text notation with each hand's settlement.")
    d.add_argument("--hands", type=int, default=None, help="stop after N hands")
    d.add_argument("--rules", default="pagat", help="rule profile (default pagat)")
    d.add_argument("--seed", type=int, default=None)
    d.set_defaults(func=cmd_demo)


def cmd_demo(args) -> int:
    import random

    from api.cli import CommandError
    from referee.game import Game
    from referee.replay import to_notation
    from referee.rules import RulesError, rules_for
    from referee.simulate import RandomPlayer, play_hand
    from referee.views import project_events

    try:
        rules = rules_for(args.rules)
    except RulesError as exc:
        raise CommandError(str(exc)) from None
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    rng = random.Random(seed)
    game = Game(rules, ["East", "South", "West", "North"][: rules.players], table="demo",
                first_banker=rng.randrange(rules.players))
    player = RandomPlayer(rng)
    hands = 0
    while game.state.status != "over" and (args.hands is None or hands < args.hands):
        play_hand(game, rng, player)
        hands += 1
    # The public variant: whoever watches the terminal sees no sealed discard.
    sys.stdout.write(to_notation(project_events(game.events, "public")))
    print(f"(rules {rules.profile}, seed {seed}; replay again with --seed {seed})")
    return 0
