"""Referee commands of ``tiengow``: rules judge/table, replay check/show/export, simulate,
and ``bench referee``.  Heavy imports happen inside the handlers."""

from __future__ import annotations

import argparse
import sys

from api.cli import CommandError


def _option_pairs(items) -> dict:
    out = {}
    for item in items or []:
        if "=" not in item:
            raise CommandError(f"--option takes KEY=VALUE, not {item!r}")
        k, v = item.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def _rules(args):
    from referee.rules import RulesError, rules_for

    try:
        return rules_for(args.rules, _option_pairs(getattr(args, "option", None)))
    except RulesError as exc:
        raise CommandError(str(exc)) from None


def register(sub) -> None:
    from referee.rules import PROFILES

    profiles = ", ".join(PROFILES)
    rules = sub.add_parser("rules", help="the rules: judge questions, list options",
                           description="The rules as a service and as a table.")
    rsub = rules.add_subparsers(dest="rules_command", metavar="WHAT")
    rsub.required = True
    j = rsub.add_parser(
        "judge", help="answer JSON Lines questions on stdin (see docs/judge.md)",
        description="Read one JSON question per line on stdin, write one JSON answer per line on "
                    "stdout. Asks: lead, beats, trick, settle, bonus, declare. A malformed line "
                    "gets {\"error\": ...} and the rest go on.")
    j.add_argument("--rules", default="pagat", help=f"rule profile ({profiles}); default pagat")
    j.add_argument("--option", action="append", metavar="KEY=VALUE", help="override a rule option")
    j.set_defaults(func=cmd_judge)
    t = rsub.add_parser("table", help="print the options table of docs/rules.md",
                        description="Print every rule option with its meaning, its value in each "
                                    "profile and the seed passage it comes from (Markdown).")
    t.set_defaults(func=cmd_rules_table)

    rp = sub.add_parser("replay", help="check, show or export a replay file",
                        description="Replay files (JSON Lines, docs/replay.md).")
    rps = rp.add_subparsers(dest="replay_command", metavar="WHAT")
    rps.required = True
    c = rps.add_parser("check", help="validate a replay through the rules",
                       description="Validate every line and replay every event through the rules; "
                                   "name the first bad line (number and reason). Exit 1 if bad.")
    c.add_argument("file")
    c.set_defaults(func=cmd_replay_check)
    s = rps.add_parser("show", help="print a replay in the text notation",
                       description="Print a replay as tags and one line per trick.")
    s.add_argument("file")
    s.set_defaults(func=cmd_replay_show)
    e = rps.add_parser("export", help="write the public variant of a replay",
                       description="Check a replay and write its public variant (no sealed identity).")
    e.add_argument("file")
    e.add_argument("--public", required=True, metavar="OUT", help="where to write the public replay")
    e.set_defaults(func=cmd_replay_export)

    sim = sub.add_parser("simulate", help="random legal players play whole games",
                         description="Random legal players (who sometimes fold winners and lead "
                                     "combinations) play whole games through the engine.")
    sim.add_argument("--games", type=int, default=1, help="number of games (default 1)")
    sim.add_argument("--rules", default="pagat", help=f"rule profile ({profiles})")
    sim.add_argument("--option", action="append", metavar="KEY=VALUE", help="override a rule option")
    sim.add_argument("--seed", type=int, default=None, help="random seed (default: random)")
    sim.add_argument("--out", metavar="FILE", help="write the replay (full variant; several games: "
                                                   "FILE with -N before the extension)")
    sim.add_argument("--print", dest="show", action="store_true",
                     help="print each game in the text notation")
    sim.add_argument("--unsealed", action="store_true", help="face-down plays unidentified (camera only)")
    sim.set_defaults(func=cmd_simulate)


def register_bench(bench_sub) -> None:
    b = bench_sub.add_parser("referee", help="whole hands per second through the engine",
                             description="Replay pre-generated random games through the full engine "
                                         "(validation, settlement, event log as JSON, public projection) "
                                         "and report hands per second, with the spread over runs.")
    b.add_argument("--games", type=int, default=60)
    b.add_argument("--runs", type=int, default=5)
    b.add_argument("--rules", default="pagat")
    b.add_argument("--seed", type=int, default=12345)
    b.set_defaults(func=cmd_bench_referee)


def cmd_judge(args) -> int:
    import json

    from referee.judge import answer

    rules = _rules(args)
    out = sys.stdout
    for raw in sys.stdin:
        line = raw.strip()
        if not line:
            continue
        try:
            q = json.loads(line)
        except json.JSONDecodeError as exc:
            res = {"error": f"not valid JSON: {exc.msg} at column {exc.colno}"}
        else:
            res = answer(q, rules)
        out.write(json.dumps(res, ensure_ascii=False) + "\n")
        out.flush()
    return 0


def cmd_rules_table(args) -> int:
    from referee.rules import options_table_markdown

    sys.stdout.write(options_table_markdown())
    return 0


def _read_replay(path):
    from referee.replay import ReplayError, loads

    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise CommandError(f"{path}: not a text file") from None
    try:
        return loads(text)
    except ReplayError as exc:
        raise CommandError(f"{path}: {exc}") from None


def cmd_replay_check(args) -> int:
    try:
        r = _read_replay(args.file)
    except CommandError as exc:
        print(f"BAD {exc}", file=sys.stderr)
        return 1
    st = r.game.state
    print(f"OK {args.file}: {r.variant} replay, {len(r.events)} events, {st.hands_played} hands, "
          f"rules {r.header['rules']}, scores {' '.join(map(str, st.scores))}")
    return 0


def cmd_replay_show(args) -> int:
    from referee.replay import to_notation

    r = _read_replay(args.file)
    sys.stdout.write(to_notation(r.events, r.header))
    return 0


def cmd_replay_export(args) -> int:
    from referee.replay import dumps

    r = _read_replay(args.file)
    text = dumps(r.events, r.game, variant="public")
    with open(args.public, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {args.public}: public replay, {text.count(chr(10)) - 1} events")
    return 0


def _out_path(path: str, i: int, n: int) -> str:
    if n == 1:
        return path
    import os

    base, ext = os.path.splitext(path)
    return f"{base}-{i + 1}{ext or '.jsonl'}"


def cmd_simulate(args) -> int:
    import random

    from referee.replay import dumps, to_notation
    from referee.simulate import simulate_game

    rules = _rules(args)
    if args.games < 1:
        raise CommandError("--games must be at least 1")
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    rng = random.Random(seed)
    total_hands = 0
    for i in range(args.games):
        g = simulate_game(rules, rng, players=["East", "South", "West", "North"][: rules.players],
                          sealed=not args.unsealed)
        total_hands += g.state.hands_played
        if args.show:
            sys.stdout.write(to_notation(g.events))
            sys.stdout.write("\n")
        if args.out:
            p = _out_path(args.out, i, args.games)
            with open(p, "w", encoding="utf-8") as f:
                f.write(dumps(g.events, g, "full"))
        if args.games > 1 and not args.show:
            print(f"game {i + 1}/{args.games}: {g.state.hands_played} hands, scores "
                  f"{' '.join(map(str, g.state.scores))}", file=sys.stderr)
    print(f"simulated {args.games} game(s), {total_hands} hands, rules {rules.profile}, seed {seed}",
          file=sys.stderr)
    return 0


def cmd_bench_referee(args) -> int:
    import json
    import random
    import statistics
    import time

    from referee.game import Game
    from referee.simulate import simulate_game
    from referee.views import project_event

    rules = _rules(argparse.Namespace(rules=args.rules, option=None))
    rng = random.Random(args.seed)
    print(f"generating {args.games} random games ({rules.profile}) ...", file=sys.stderr)
    scripts = []
    hands = 0
    for _ in range(args.games):
        g = simulate_game(rules, rng)
        acts = [e for e in g.events if e["type"] in ("play", "hand_declared")]
        scripts.append((g.events[0]["first_banker"], acts))
        hands += g.state.hands_played
    rates = []
    for run in range(args.runs):
        t0 = time.perf_counter()
        for first_banker, acts in scripts:
            game = Game(rules, first_banker=first_banker, salt_seed=run)
            log = []

            def sink(ev, log=log):
                log.append(json.dumps(ev))
                project_event(ev, "public")

            game.listeners.append(sink)
            for a in acts:
                if a["type"] == "play":
                    game.play(a["seat"], a["tiles"], face=a["face"])
                else:
                    game.declare(a["seat"], a["tiles"])
        dt = time.perf_counter() - t0
        rates.append(hands / dt)
        print(f"run {run + 1}/{args.runs}: {hands} hands in {dt:.3f} s = {hands / dt:,.0f} hands/s",
              file=sys.stderr)
    med = statistics.median(rates)
    spread = (max(rates) - min(rates)) / 2
    print(json.dumps({"bench": "referee", "rules": rules.profile, "hands": hands, "runs": args.runs,
                      "hands_per_second": {"median": round(med), "min": round(min(rates)),
                                           "max": round(max(rates)),
                                           "stdev": round(statistics.stdev(rates)) if len(rates) > 1 else 0},
                      "spread_pct": round(100 * spread / med, 1)}))
    return 0
