"""The command line: ``python3 scripts/match.py ...`` or, after ``pip install ./scripts``,
``arbor-match ...``. Builds the :class:`~.config.Config`, checks every engine once, runs the
local worker threads and prints progress and the final report."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import queue
import sys
import threading
from typing import Any, Sequence, TextIO

from .. import rules
from .. import sprt as stats

from .config import Adjudication, Config, ConfigError, EngineSpec, Job, check_protocol, time_control
from .engines.base import EngineError
from .engines.pool import EnginePool, Registry
from .interrupt import DeferredInterrupt
from .openings import DEFAULT_RANDOM_PLIES, default_openings, defaults_help, read_openings
from .records import RecordFiles, check_formats
from .records.jsonl import load_records, match_header
from .report import Standings, final_report, progress_line
from .scheduling import schedule, worker_loop


def build_config(argv: Sequence[str] | None) -> tuple[Config, argparse.Namespace]:
    parser = argparse.ArgumentParser(
        description="Play matches between engines (arbor's protocol, UCI, Gomocup, NBoard), refereed in Python "
                    "with the runner's own rules, with Elo/LOS/SPRT and PGN/SGF/GGF records.",
        epilog="Example: match.py --game tictactoe --games 200 --engine cmd=target/release/arbor "
               "name=d6 depth=6 --engine cmd=target/release/arbor name=d2 depth=2 --random-plies 2 "
               "--out games.jsonl")
    parser.add_argument("--engine", action="append", nargs="+", required=True, metavar="KEY=VALUE",
                        help="cmd='PATH [ARGS]' [proto=arbor|uci|gomocup|nboard] [dir=CWD] [name=N] "
                             "[option.NAME=V ...] [depth=N movetime=MS nodes=N tc=S+I] "
                             "(limit keys replace the global limits for this engine)")
    parser.add_argument("--game", required=True, choices=sorted(rules.GAMES))
    parser.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE",
                        help="variant option, e.g. cols=7 rows=6, size=15 rule=standard")
    parser.add_argument("--games", type=int, default=100,
                        help="total games (round-robin: games per pairing); default 100")
    parser.add_argument("--depth", type=str, help="fixed depth per move")
    parser.add_argument("--movetime", type=str, help="milliseconds per move")
    parser.add_argument("--nodes", type=str, help="nodes per move")
    parser.add_argument("--tc", type=str, help="clock SECONDS+INCREMENT tracked by the runner, e.g. 10+0.1")
    parser.add_argument("--timemargin", type=float, default=100.0, metavar="MS",
                        help="overrun allowed on movetime/clock before a time loss (default 100 ms)")
    parser.add_argument("--timeout", type=float, default=60.0, metavar="S",
                        help="seconds without a move before a depth/nodes search counts as hung (default 60)")
    openings = parser.add_mutually_exclusive_group()
    openings.add_argument("--openings", metavar="FILE",
                          help="one opening per line: a move list, Gomocup offsets 'x,y, x,y' from the centre, "
                               "or an Othello move string 'f5d6c3'")
    openings.add_argument("--random-plies", type=int, default=None, metavar="K",
                          help="random legal opening plies. Without --openings or --random-plies, "
                               f"the default openings of each game: {defaults_help()}")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random openings (default 1)")
    parser.add_argument("--concurrency", type=int, default=os.cpu_count() or 1,
                        help="games at once (default: number of cores)")
    parser.add_argument("--adjudicate", nargs="+", default=[], metavar="RULE",
                        help="draw=N,M: draw when |score| <= M for N plies; resign=N,M: a side loses when "
                             "for N moves each it sees <= -M and the opponent >= M (off by default)")
    parser.add_argument("--sprt", nargs="*", default=None, metavar="KEY=VALUE",
                        help="sequential test: elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=normalized|logistic|"
                             "bayesian]; stops when a bound is crossed")
    parser.add_argument("--tournament", choices=["round-robin"], help="needed for more than two engines")
    parser.add_argument("--out", metavar="FILE", help="append every finished game as a JSON line")
    parser.add_argument("--pgn", metavar="FILE", help="append games as PGN (tictactoe, connect4; cutechess style)")
    parser.add_argument("--sgf", metavar="FILE", help="append games as SGF (gomoku; c-gomoku-cli style)")
    parser.add_argument("--ggf", metavar="FILE", help="append games as GGF (othello; NBoard/GGS)")
    parser.add_argument("--resume", action="store_true", help="continue the match recorded in --out")
    parser.add_argument("--log-dir", metavar="DIR",
                        help="write each engine's protocol transcript and stderr there")
    parser.add_argument("--fresh-engines", action="store_true",
                        help="start fresh engine processes for every game (default: reuse them with newgame)")
    parser.add_argument("--ray", metavar="ADDRESS",
                        help="play the games as Ray tasks: 'local' (a Ray instance on this machine with "
                             "--concurrency CPUs), 'auto' or HOST:PORT (a running cluster); needs "
                             "pip install -r scripts/requirements-ray.txt")
    parser.add_argument("--ray-engine-cpus", type=float, default=1.0, metavar="N",
                        help="Ray CPUs reserved per engine process (default 1; 0.5: one core per game)")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    parser.add_argument("--verbose", action="store_true", help="one line per finished game")
    args = parser.parse_args(argv)

    try:
        variant = {}
        for item in args.variant:
            key, sep, value = item.partition("=")
            if not sep:
                raise ConfigError(f"--variant: expected key=value, got {item!r}")
            variant[key] = value
        try:
            rules.new_game(args.game, variant)
        except rules.VariantError as error:
            raise ConfigError(f"--variant: {error}") from None
        default_limits = time_control({"depth": args.depth, "movetime": args.movetime,
                                       "nodes": args.nodes, "tc": args.tc})
        engines = [EngineSpec.parse(i, items, default_limits) for i, items in enumerate(args.engine)]
        for spec in engines:
            check_protocol(spec, args.game, variant)
        if len(engines) < 2:
            raise ConfigError("give at least two --engine")
        if len(engines) > 2 and args.tournament is None:
            raise ConfigError("more than two engines need --tournament round-robin")
        names = [e.name for e in engines]
        for spec in engines:  # the same binary twice: arbor-1, arbor-2
            if names.count(spec.name) > 1:
                spec.name = f"{spec.name}-{spec.index + 1}"
        if args.games <= 0:
            raise ConfigError("--games must be positive")
        if args.concurrency <= 0:
            raise ConfigError("--concurrency must be positive")
        if args.ray is not None and not _have_ray():
            raise ConfigError("--ray needs Ray: pip install -r scripts/requirements-ray.txt")
        if args.ray_engine_cpus <= 0:
            raise ConfigError("--ray-engine-cpus must be positive")
        if args.resume and not args.out:
            raise ConfigError("--resume needs --out FILE")
        sprt_setup = None
        if args.sprt is not None:
            if len(engines) != 2:
                raise ConfigError("--sprt needs exactly two engines")
            try:
                sprt_setup = stats.Sprt.parse(args.sprt)
            except ValueError as error:
                raise ConfigError(str(error)) from None
        book = default_openings(args.game, variant) if not args.openings and args.random_plies is None else None
        if args.openings:
            opening_list = read_openings(args.openings, args.game, variant)
            source = f"file {args.openings}"
            plies = 0
        elif book is not None:
            opening_list, source = book
            plies = 0
        else:
            opening_list = None
            plies = DEFAULT_RANDOM_PLIES if args.random_plies is None else args.random_plies
            if plies < 0:
                raise ConfigError("--random-plies must be >= 0")
            source = f"random {plies} plies, seed {args.seed}"
        jobs = schedule(len(engines), args.games, opening_list, args.game, variant, plies, args.seed)
        if args.log_dir:
            os.makedirs(args.log_dir, exist_ok=True)
        config = Config(
            game=args.game, variant=variant, engines=engines, games=args.games, jobs=jobs,
            concurrency=min(args.concurrency, len(jobs)), margin_ms=args.timemargin,
            hang_timeout=args.timeout, adjudication=Adjudication.parse(args.adjudicate),
            sprt=sprt_setup, out=args.out, opening_source=source, log_dir=args.log_dir, fresh=args.fresh_engines,
            quiet=args.quiet, verbose=args.verbose, pgn=args.pgn, sgf=args.sgf, ggf=args.ggf,
            start_timeout=max(10.0, args.timeout))
        check_formats(config)
    except (ConfigError, OSError) as error:
        parser.error(str(error))
    return config, args


def _have_ray() -> bool:
    """Whether ``import ray`` would find it (without importing it)."""
    try:
        return importlib.util.find_spec("ray") is not None
    except ValueError:  # sys.modules["ray"] is None: blocked
        return False


def check_engines(config: Config) -> EnginePool:
    """Starts every engine (all at once): handshake, options and the game must be accepted.
    Returns them in a pool for the first worker, which plays with them."""
    pool = EnginePool(config, 0)
    pool.ensure(range(len(config.engines)))
    try:
        for index, spec in enumerate(config.engines):
            try:
                pool.get(index).new_game(config.game, config.variant, (), timeout=config.start_timeout)
            except EngineError as error:
                raise ConfigError(f"engine {spec.name} ({spec.cmd}): {error}") from None
    except BaseException:
        pool.close()
        raise
    return pool


def run(config: Config, resume: bool, checked: EnginePool | None = None, ray: str | None = None,
        ray_engine_cpus: float = 1.0) -> int:
    """Plays the match; `checked` (from :func:`check_engines`) becomes the first worker's pool."""
    previous: list[dict[str, Any]] = []
    out: TextIO | None = None
    header = match_header(config)
    if config.out and os.path.exists(config.out) and os.path.getsize(config.out) > 0:
        if not resume:
            raise ConfigError(f"{config.out} exists: use --resume to continue it, or another --out")
        old_header, previous = load_records(config.out)
        if old_header is not None:
            for key in ("game", "variant", "openings"):
                if old_header.get(key) != header[key]:
                    raise ConfigError(f"--resume: {key} differs from the recorded match "
                                      f"({old_header.get(key)!r} != {header[key]!r})")
            if [e["name"] for e in old_header["engines"]] != [e.name for e in config.engines]:
                raise ConfigError("--resume: the engines differ from the recorded match")
    standings = Standings(config.engines)
    done = set()
    for record in previous:
        if record["index"] not in done:
            done.add(record["index"])
            standings.add(record)
    community = RecordFiles(config)
    if config.out:
        out = open(config.out, "a", encoding="utf-8")
        if not previous and os.path.getsize(config.out) == 0:
            out.write(json.dumps(header) + "\n")
            out.flush()
    pending = [job for job in config.jobs if job.index not in done]
    total = len(config.jobs)
    jobs: queue.Queue[Job] = queue.Queue()
    for job in pending:
        jobs.put(job)
    results: queue.Queue[dict] = queue.Queue()
    stop = threading.Event()
    registry = Registry()
    pools = [EnginePool(config, i, registry) for i in range(min(config.concurrency, max(1, len(pending))))]
    if checked is not None:
        for index, player in list(checked.players.items()):
            pools[0].adopt(index, player)
        pools[0].logs += checked.logs
        checked.players.clear()
        checked.logs.clear()
    workers = [threading.Thread(target=worker_loop, name=f"match-worker-{i}", daemon=True,
                                args=(pool, jobs, results, stop))
               for i, pool in enumerate(pools)]
    if ray is not None and pending:  # Ray tasks instead of the local worker threads (ray imported only here)
        from .ray_backend import RayDispatcher
        pools[0].close()  # the checked engines: the games start theirs on the Ray nodes
        workers = [RayDispatcher(config, pending, results, stop, registry, ray, ray_engine_cpus)]
    tty = sys.stderr.isatty()
    every = max(1, total // 20)
    played = 0
    decision: str | None = None
    interrupted = False

    def handle(record: dict[str, Any]) -> None:
        nonlocal played, decision
        if record.get("type") == "error":
            print(f"\nrunner error in game {record['index']}: {record['error']}", file=sys.stderr)
            return
        if record["index"] in done:
            return
        done.add(record["index"])
        played += 1
        if out is not None:
            out.write(json.dumps(record) + "\n")
            out.flush()
        standings.add(record)
        try:
            community.add(record)
        except (rules.IllegalMove, OSError, KeyError, ValueError) as error:  # a record must not end the match
            print(f"\nrunner error writing game {record['index']} to a record file: {error!r}", file=sys.stderr)
        if config.verbose:
            print(f"{'' if not tty else chr(13)}Finished game {record['index'] + 1} "
                  f"({record['engines']['X']} vs {record['engines']['O']}): {record['result']} "
                  f"{{{record['reason']}}}", file=sys.stderr)
        if config.sprt is not None and decision is None:
            t = standings.tally()
            decision = config.sprt.decision(config.sprt.llr(config.sprt.counts(t.wins, t.draws, t.losses, t.ptnml())))
            if decision:
                stop.set()
        if not config.quiet and (tty or len(done) % every == 0 or len(done) == total):
            line = progress_line(standings, len(done), total, config)
            print(("\r" + line.ljust(100)) if tty else line, end="" if tty else "\n", file=sys.stderr, flush=True)

    def handle_late(record: dict[str, Any]) -> None:
        if record.get("type") != "worker-done":
            handle(record)

    with DeferredInterrupt() as ctrl_c:
        for worker in workers:
            worker.start()
        finished = 0  # workers that said they are done (their last put)
        while finished < len(workers) and not ctrl_c.requested.is_set():
            try:
                record = results.get(timeout=0.1)
            except queue.Empty:
                if not any(w.is_alive() for w in workers):
                    break
                continue
            if record.get("type") == "worker-done":
                finished += 1
            else:
                handle(record)
            if stop.is_set():
                break
        if ctrl_c.requested.is_set():
            interrupted = True
            print("\nInterrupted: finishing cleanly (Ctrl-C again to kill the engines)...", file=sys.stderr)
        stop.set()
        try:
            for worker in workers:
                while worker.is_alive():
                    worker.join(0.1)
                    while not results.empty():
                        handle_late(results.get_nowait())
        except KeyboardInterrupt:
            registry.kill_all()
            for worker in workers:
                worker.join(5.0)
    while not results.empty():
        handle_late(results.get_nowait())
    if out is not None:
        out.close()
    community.close()
    if tty and not config.quiet:
        print(file=sys.stderr)
    for line in final_report(standings, config, played, interrupted, decision, registry):
        print(line)
    return 130 if interrupted else 0


def main(argv: Sequence[str] | None = None) -> int:
    config, args = build_config(argv)
    try:
        return run(config, args.resume, check_engines(config), args.ray, args.ray_engine_cpus)
    except ConfigError as error:
        print(f"match.py: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("match.py: interrupted before the match started", file=sys.stderr)
        return 130
