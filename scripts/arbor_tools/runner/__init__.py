"""arbor's match runner: engines over arbor's protocol, UCI, Gomocup or NBoard, refereed in
Python by :mod:`arbor_tools.rules`, with Elo/LOS/SPRT statistics and each community's game records.

Modules, one idea each:

* :mod:`.config` - the command line and the match configuration (picklable dataclasses)
* :mod:`.openings` - opening books (move lists, Gomocup offsets, Othello move strings)
* :mod:`.engines` - one adapter per protocol behind the :class:`~.engines.base.Player` API
* :mod:`.referee` - plays one game between two players and returns its record
* :mod:`.scheduling` - the schedule of games, :func:`~.scheduling.play_pair` (a plain,
  picklable function) and the local worker threads
* :mod:`.records` - JSON lines, PGN, SGF and GGF writers and readers
* :mod:`.report` - standings, progress line, final report, crosstable
* :mod:`.htmlreport` - the report page (``--report FILE.html``, ``arbor-report``)
* :mod:`.cli` - ``main()``: the ``arbor-match`` command and ``scripts/match.py``
* :mod:`.ray_backend` - ``--ray``: opening pairs as Ray tasks on a cluster (imported only then)

Usage::

    python3 scripts/match.py --game tictactoe --games 200 \\
        --engine cmd=target/release/arbor name=d6 depth=6 \\
        --engine cmd=target/release/arbor name=d2 depth=2 \\
        --random-plies 2 --seed 1 --out games.jsonl

Games are played in pairs, colours swapped on the same opening. The runner is the referee:
it checks every move with its own rules (arbor_tools.rules) and an illegal move, a crash, a hang or
a time loss loses the game for the offender (the reason is recorded, the engine restarted,
the match goes on); a runner error replays the game from its start, and a game never played
makes the exit status 1. Every finished game is appended and flushed to ``--out`` (locked: one
writer); ``--resume`` continues that file when it records this very match. Ctrl-C and SIGTERM
stop the searches at once and print the report (a second signal kills the engines).
Statistics are worded as fastchess prints them (see arbor_tools.sprt). Standard library only.

Foreign engines: ``--engine cmd="PATH ARGS" proto=uci|gomocup|nboard dir=CWD``; game records
in each community's format with ``--pgn``/``--sgf``/``--ggf``. ``pip install ./scripts`` installs
the runner with the ``arbor-match`` command; ``scripts/match.py`` runs it from a checkout.

Records (``--out``), one JSON object per line: first ``{"type": "match", ...}`` (game, variant,
games, engines, openings and their hash, SPRT, adjudication, time margin), then one ``{"type": "game", ...}`` per finished game with ``index``,
``pair``, ``engines`` ({"X": name, "O": name}, X moves first), ``opening`` (moves),
``moves`` ([{"move", "time_ms", "score" (mover's view, e.g. "cp 12", "win 5"), "depth",
"nodes"}]), ``result`` ("1-0", "0-1", "1/2-1/2" from X's view), ``winner`` and ``reason``.

Standard library only (Ray only for ``--ray``: scripts/requirements-ray.txt).
"""

