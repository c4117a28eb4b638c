"""Games on a Ray cluster (``--ray local|auto|HOST:PORT``): each opening pair is a Ray task
that plays its games on whichever node Ray picks, starting the engines there, and returns the
records; the driver (:func:`arbor_tools.runner.cli.run`) writes them, prints the progress line,
runs the SPRT and makes the report exactly as for the local worker threads.

Why records stay exactly-once when Ray retries: a task's records reach the driver only as
its return value, which Ray delivers once however often the task ran (a worker or node lost
mid-game makes Ray run the whole pair again elsewhere; the half-played games of the lost
attempt never left that worker). The driver also ignores a game index it has already
written, so ``--resume`` after a killed driver replays exactly the games missing from --out.

Only this module imports ``ray``, and only when ``--ray`` is given: the runner itself stays
standard library only.
"""

from __future__ import annotations

import logging
import os
import queue
import shlex
import socket
import sys
import threading
import time
from dataclasses import replace
from typing import Any, Sequence

import ray
from ray.exceptions import GetTimeoutError, RayError, TaskCancelledError

from .config import Config, ConfigError, Job
from .engines.pool import EnginePool, Registry
from .scheduling import pairs, play_pair

#: Object store of a ``--ray local`` instance: records are a few kB, Ray's default (30% of
#: the memory) would only take shared memory from the engines.
LOCAL_OBJECT_STORE_BYTES = 100 * 1024 * 1024
#: Ray runs a task again this often when its worker or node is lost (not on a Python error:
#: the referee turns engine faults and runner errors into records itself).
TASK_RETRIES = 5
#: Seconds the driver waits for cancelled tasks to let their engines go.
CANCEL_GRACE = 5.0

#: The arbor_tools package folder: shipped whole to every node.
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def runtime_env() -> dict[str, Any]:
    """Ships the runner's Python code (not the engines) to every node, so a node needs only
    Python and Ray."""
    return {"py_modules": [_PACKAGE],
            "excludes": ["__pycache__", "*.pyc"]}


def absolute_paths(config: Config) -> Config:
    """Engine commands, engine folders and --log-dir given relative to the driver's working
    directory, made absolute: Ray workers run in other folders (the paths must then exist
    on every node)."""
    engines = []
    for spec in config.engines:
        cmd, folder = spec.cmd, spec.dir
        words = shlex.split(cmd)
        if folder is None and os.sep in words[0] and not os.path.isabs(words[0]) and os.path.exists(words[0]):
            cmd = shlex.join([os.path.abspath(words[0])] + words[1:])
        if folder is not None:
            folder = os.path.abspath(folder)
        engines.append(replace(spec, cmd=cmd, dir=folder))
    log_dir = os.path.abspath(config.log_dir) if config.log_dir else None
    return replace(config, engines=engines, log_dir=log_dir)


def connect(address: str, cpus: int) -> None:
    """Starts a local Ray instance with `cpus` CPUs (``local``) or joins a running cluster."""
    options: dict[str, Any] = {"logging_level": logging.WARNING, "configure_logging": True,
                               "log_to_driver": False}
    if address not in ("local", "auto"):
        _reachable(address)
    try:
        if address == "local":
            # The local workers inherit this environment: they import the runner from this
            # checkout, so Ray's pre-started workers serve at once (a runtime_env would start
            # others, seconds on a small machine).
            os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [os.path.dirname(_PACKAGE), os.environ.get("PYTHONPATH")]))
            ray.init(address="local", num_cpus=cpus, include_dashboard=False,
                     object_store_memory=LOCAL_OBJECT_STORE_BYTES, **options)
        else:
            ray.init(address=address, runtime_env=runtime_env(), **options)
    except Exception as error:  # no cluster there, a bad token, ...: a clear error, not a trace
        ray.shutdown()
        raise ConfigError(f"--ray {address}: {error}") from None


def _reachable(address: str) -> None:
    """Refuses at once a HOST:PORT where nothing listens (ray.init would retry for minutes)."""
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise ConfigError(f"--ray {address}: expected local, auto or HOST:PORT")
    try:
        socket.create_connection((host, int(port)), timeout=5.0).close()
    except OSError as error:
        raise ConfigError(f"--ray {address}: no Ray head there ({error}); start one with "
                          f"`ray start --head --port {port}`") from None


def check_feasible(task_cpus: float, engine_cpus: float, address: str) -> None:
    """Refuses a game that no node can run: Ray would keep such a task pending for ever (it
    calls it infeasible) and the match would wait without a word."""
    largest = max((node.get("Resources", {}).get("CPU", 0.0) for node in ray.nodes() if node.get("Alive")),
                  default=0.0)
    if largest < task_cpus:
        raise ConfigError(f"--ray {address}: a game needs {task_cpus:g} CPUs (2 engines x --ray-engine-cpus "
                          f"{engine_cpus:g}) and the largest node has {largest:g}: give --ray-engine-cpus "
                          f"{largest / 2:g} or less, or nodes with more CPUs")


# One engine pool per Ray worker process, reused by the next pair that worker runs for the
# same match (an engine start costs ~0.1 s, a tic-tac-toe game a few ms). When the worker
# process ends (the match is over, or it was killed), the engines read end-of-file and quit.
_cached: tuple[tuple[Any, ...], EnginePool] | None = None


def _pool_for(config: Config) -> EnginePool:
    global _cached
    key = (config.game, repr(config.variant), repr(config.engines), config.log_dir,
           config.start_timeout, config.hang_timeout)
    if _cached is not None and _cached[0] == key:
        return _cached[1]
    if _cached is not None:
        _cached[1].close()
    if config.log_dir:  # on this node
        os.makedirs(config.log_dir, exist_ok=True)
    pool = EnginePool(config, os.getpid())
    _cached = (key, pool)
    return pool


def _drop_pool() -> None:
    global _cached
    if _cached is not None:
        _cached[1].close()
        _cached = None


@ray.remote(max_retries=TASK_RETRIES, retry_exceptions=False)
def play_pair_task(jobs: Sequence[Job], config: Config) -> tuple[list[dict[str, Any]], dict[int, int], str]:
    """One opening pair on a Ray worker: its records, the engine restarts it caused and the
    node that played it."""
    pool = _pool_for(config)
    pool.registry = Registry()  # this pair's restarts only
    try:
        records = play_pair(jobs, config, pool=pool)
    except BaseException:  # cancelled (SPRT, Ctrl-C): the engines may be mid-search
        _drop_pool()
        raise
    return records, dict(pool.registry.restarts), ray.get_runtime_context().get_node_id()


class RayDispatcher(threading.Thread):
    """Stands in for the local worker threads of :func:`arbor_tools.runner.cli.run`: submits the
    pending pairs as Ray tasks and puts every record on `results` as its task returns, then a
    ``{"type": "worker-done"}``. Setting `stop` cancels the queued and running tasks."""

    def __init__(self, config: Config, pending: Sequence[Job], results: "queue.Queue[dict]",
                 stop: threading.Event, registry: Registry, address: str, engine_cpus: float) -> None:
        super().__init__(name="match-ray", daemon=True)
        self.results = results
        self.stop = stop
        self.registry = registry
        self.todo = pairs(pending)
        # Ray needs one CPU per engine process by default (the engines of a game alternate,
        # but each has a core of its own when it thinks, as on a tournament machine).
        self.task_cpus = engine_cpus * 2
        connect(address, config.concurrency)  # in the caller's (main) thread
        self.local = address == "local"
        try:
            check_feasible(self.task_cpus, engine_cpus, address)
        except ConfigError:
            if self.local:
                ray.shutdown()
            raise
        # The jobs list goes once into the object store, not with every task.
        self.config_ref = ray.put(replace(absolute_paths(config), jobs=[]))
        self.nodes: dict[str, int] = {}

    def _window(self) -> int:
        """Tasks in flight: what the cluster can run at once (nodes may join) and as many
        queued, so a worker never waits for the driver; few enough that a decision of the
        SPRT has little to cancel."""
        cpus = ray.cluster_resources().get("CPU", 1.0)
        return 2 * max(1, int(cpus // self.task_cpus)) + 2

    def run(self) -> None:
        inflight: dict[Any, list[Job]] = {}
        try:
            todo = list(self.todo)
            todo.reverse()
            window, checked = self._window(), time.monotonic()
            while (todo or inflight) and not self.stop.is_set():
                if time.monotonic() - checked > 5.0:
                    window, checked = self._window(), time.monotonic()
                while todo and len(inflight) < window:
                    jobs = todo.pop()
                    ref = play_pair_task.options(num_cpus=self.task_cpus).remote(jobs, self.config_ref)
                    inflight[ref] = jobs
                ready, _ = ray.wait(list(inflight), num_returns=1, timeout=0.5)
                for ref in ready:
                    self._collect(ref, inflight.pop(ref))
            if inflight:  # stopped: cancel what is queued or running, keep what finished
                for ref in inflight:
                    ray.cancel(ref)
                deadline = time.monotonic() + CANCEL_GRACE
                for ref, jobs in inflight.items():
                    self._collect(ref, jobs, timeout=max(0.1, deadline - time.monotonic()))
        except Exception as error:  # the cluster went away: report, let the driver finish
            print(f"\nRay: {error!r}", file=sys.stderr)
        finally:
            if self.nodes:
                spread = ", ".join(f"{node[:8]} {count}" for node, count in sorted(self.nodes.items()))
                print(f"\nRay: games played per node: {spread}", file=sys.stderr)
            if self.local:
                ray.shutdown()
            self.results.put({"type": "worker-done"})

    def _collect(self, ref: Any, jobs: list[Job], timeout: float | None = None) -> None:
        try:
            records, restarts, node = ray.get(ref, timeout=timeout)
        except (TaskCancelledError, GetTimeoutError):
            return
        except RayError as error:  # retries used up: the games stay unplayed (--resume plays them)
            for job in jobs:
                self.results.put({"type": "error", "index": job.index,
                                  "error": f"Ray task failed after {TASK_RETRIES} retries: {type(error).__name__}"})
            return
        self.nodes[node] = self.nodes.get(node, 0) + len(records)
        for index, count in restarts.items():
            for _ in range(count):
                self.registry.restarted(index)
        for record in records:
            self.results.put(record)
