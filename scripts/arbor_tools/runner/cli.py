"""The command line: ``python3 scripts/match.py ...`` or, after ``pip install ./scripts``,
``arbor-match ...``. Builds the :class:`~.config.Config`, checks every engine once, runs the
local worker threads and prints progress and the final report."""

from __future__ import annotations

import argparse
import importlib.util
import os
import queue
import sys
import threading
import time
from typing import Any, Sequence

from .. import rules
from .. import sprt as stats

from .config import Adjudication, Config, ConfigError, EngineSpec, Job, check_protocol, time_control
from .engines.base import EngineError
from .engines.pool import EnginePool, Registry
from .htmlreport import follow
from .interrupt import Interrupts
from .openings import DEFAULT_RANDOM_PLIES, default_openings, defaults_help, read_openings
from .records import RecordFiles, check_formats
from .records.jsonl import RecordsFile
from .report import Progress, Standings, final_report, progress_line
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
    parser.add_argument("--report", metavar="FILE.html",
                        help="the match report page (needs --out): rewritten every few games, reloading "
                             "itself while the match runs (arbor-report makes it from records files)")
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
        if args.report and not args.out:
            raise ConfigError("--report needs --out FILE (the page is made from the records)")
        if not args.timeout > 0:
            raise ConfigError(f"--timeout {args.timeout:g}: must be positive (seconds)")
        if not args.timemargin >= 0:
            raise ConfigError(f"--timemargin {args.timemargin:g}: must be 0 or more (milliseconds)")
        for option in ("out", "pgn", "sgf", "ggf"):
            path = getattr(args, option)
            folder = os.path.dirname(os.path.abspath(path)) if path else None
            if folder is not None and not os.path.isdir(folder):
                raise ConfigError(f"--{option} {path}: no folder {folder}")
            if path and os.path.isdir(path):
                raise ConfigError(f"--{option} {path}: a folder, not a file")
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
    try:
        failures = pool.ensure(range(len(config.engines)))  # each engine is tried once
        for index, spec in enumerate(config.engines):
            try:
                if index in failures:
                    raise failures[index]
                pool.get(index).new_game(config.game, config.variant, (), timeout=config.start_timeout)
            except (EngineError, OSError) as error:
                raise ConfigError(f"engine {spec.name} ({spec.cmd}): {error}") from None
    except BaseException:
        pool.close()
        raise
    return pool


#: Seconds the workers get to finish once the match stops (Ctrl-C, SIGTERM, an SPRT decision,
#: a records file that cannot be written): their searches have been stopped; then the engines
#: are killed, and after as long again the driver writes the report whatever is left.
STOP_GRACE = 5.0


def run(config: Config, records: RecordsFile | None = None, checked: EnginePool | None = None,
        ray: str | None = None, ray_engine_cpus: float = 1.0, signals: Interrupts | None = None) -> int:
    """Plays the match into `records` (``--out``, opened and checked by :class:`RecordsFile`);
    `checked` (from :func:`check_engines`) becomes the first worker's pool. Returns the exit
    status: 0 when every game asked for was recorded (or the SPRT decided), 1 when fewer were,
    128 + the signal's number when a signal stopped it."""
    if signals is None:
        with Interrupts() as own:
            return run(config, records, checked, ray, ray_engine_cpus, own)
    signals.deferred = True
    previous = records.previous if records is not None else []
    standings = Standings(config.engines)
    done = set()
    for record in previous:
        if record["index"] not in done:
            done.add(record["index"])
            standings.add(record)
    try:
        community = RecordFiles(config)
    except OSError as error:
        raise ConfigError(f"cannot open a record file: {error}") from None
    decision: str | None = None
    if config.sprt is not None and previous:  # a resumed SPRT that has decided plays no more
        decision = _sprt_decision(config, standings)
    pending = [job for job in config.jobs if job.index not in done] if decision is None else []
    total = len(config.jobs)
    jobs: queue.Queue[Job] = queue.Queue()
    for job in pending:
        jobs.put(job)
    results: queue.Queue[dict] = queue.Queue()
    stop = threading.Event()
    registry = Registry()
    pools = [EnginePool(config, i, registry) for i in range(min(config.concurrency, len(pending)))]
    if checked is not None and pools:  # (with nothing to play, the caller closes them)
        for index, player in list(checked.players.items()):
            pools[0].adopt(index, player)
        pools[0].logs += checked.logs
        pools[0].log_files.update(checked.log_files)
        checked.players.clear()
        checked.logs.clear()
        checked.log_files.clear()
    workers: list[threading.Thread] = [
        threading.Thread(target=worker_loop, name=f"match-worker-{i}", daemon=True, args=(pool, jobs, results, stop))
        for i, pool in enumerate(pools)]
    if ray is not None and pending:  # Ray tasks instead of the local worker threads (ray imported only here)
        from .ray_backend import RayDispatcher
        pools[0].close()  # the checked engines: the games start theirs on the Ray nodes
        workers = [RayDispatcher(config, pending, results, stop, registry, ray, ray_engine_cpus)]
    tty = sys.stderr.isatty()
    every = max(1, total // 20)
    played = 0
    given_up: list[int] = []  # games that runner errors kept from being played
    write_error: str | None = None
    interrupted = False
    clock = Progress(len(done), total)

    def handle(record: dict[str, Any]) -> None:
        nonlocal played, decision, write_error
        if record.get("type") == "error":
            then = "playing it again from its start" if record.get("replayed") else "not played"
            print(f"\nrunner error in game {record['index'] + 1}: {record['error']} ({then})", file=sys.stderr)
            if not record.get("replayed"):
                given_up.append(record["index"])
            return
        if record["index"] in done or write_error is not None:
            return
        if records is not None:
            try:
                records.write(record)
            except OSError as error:  # e.g. a full disk: the game is not recorded, the match stops
                write_error = f"cannot write {config.out}: {error.strerror or error}"
                print(f"\nrunner error: {write_error}; stopping the match", file=sys.stderr)
                stop.set()
                return
        done.add(record["index"])
        played += 1
        standings.add(record)
        for problem in community.add(record):
            print(f"\nrunner error writing game {record['index'] + 1}: {problem}", file=sys.stderr)
        if config.verbose:
            print(f"{'' if not tty else chr(13)}Finished game {record['index'] + 1} "
                  f"({record['engines']['X']} vs {record['engines']['O']}): {record['result']} "
                  f"{{{record['reason']}}}", file=sys.stderr)
        if config.sprt is not None and decision is None:
            decision = _sprt_decision(config, standings)
            if decision:
                stop.set()
        if not config.quiet and (tty or len(done) % every == 0 or len(done) == total):
            line = progress_line(standings, len(done), total, config, clock)
            print(("\r" + line.ljust(100)) if tty else line, end="" if tty else "\n", file=sys.stderr, flush=True)

    def drain() -> None:
        while True:
            try:
                record = results.get_nowait()
            except queue.Empty:
                return
            if record.get("type") != "worker-done":
                handle(record)

    for worker in workers:
        worker.start()
    finished = 0  # workers that said they are done (their last put)
    while finished < len(workers) and not signals.requested.is_set():
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
    if signals.requested.is_set():
        interrupted = True
        print("\nInterrupted: stopping the searches and finishing cleanly (again to kill the engines)...",
              file=sys.stderr)
    # Games still running are abandoned, not recorded: stop their searches now.
    stop.set()
    registry.interrupt_all()
    deadline = time.monotonic() + STOP_GRACE
    killed = False
    for worker in workers:
        while worker.is_alive():
            worker.join(0.1)
            drain()
            if not killed and (signals.kill.is_set() or time.monotonic() > deadline):
                registry.kill_all()
                killed, deadline = True, time.monotonic() + STOP_GRACE
            elif killed and time.monotonic() > deadline:
                print(f"\nrunner error: {worker.name} did not finish; reporting without it", file=sys.stderr)
                break
    drain()
    registry.kill_all()  # whatever a stuck worker left running: no engine outlives the match
    community.close()
    if tty and not config.quiet:
        print(file=sys.stderr)
    for line in final_report(standings, config, played, interrupted, decision, registry):
        print(line)
    missing = total - len(done)
    if missing and decision is None:
        why = []
        if interrupted:
            why.append("interrupted")
        if write_error:
            why.append(write_error)
        if given_up:
            why.append(f"runner errors in games {', '.join(str(i + 1) for i in sorted(set(given_up)))}")
        print(f"Match incomplete: {len(done)} of {total} games recorded ({'; '.join(why) or 'stopped'})"
              + ("; --resume plays the rest" if config.out and not write_error else ""))
    if interrupted:
        return signals.exit_status
    return 1 if (missing and decision is None) or write_error or community.failed else 0


def _sprt_decision(config: Config, standings: Standings) -> str | None:
    assert config.sprt is not None
    t = standings.tally()
    return config.sprt.decision(config.sprt.llr(config.sprt.counts(t.wins, t.draws, t.losses, t.ptnml())))


def open_records(config: Config, resume: bool) -> RecordsFile | None:
    """``--out``, locked and checked (ConfigError when it is not this match's own file)."""
    if not config.out:
        return None
    return RecordsFile(config.out, config, resume)


def main(argv: Sequence[str] | None = None) -> int:
    config, args = build_config(argv)
    with Interrupts() as signals:
        records: RecordsFile | None = None
        checked: EnginePool | None = None
        try:
            records = open_records(config, args.resume)
            checked = check_engines(config)
            with follow(args.report, config.out, len(config.jobs)):
                return run(config, records, checked, args.ray, args.ray_engine_cpus, signals)
        except ConfigError as error:
            print(f"match.py: error: {error}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            print("match.py: interrupted before the match started", file=sys.stderr)
            return signals.exit_status
        finally:
            if checked is not None:
                checked.close()
            if records is not None:
                records.close()
