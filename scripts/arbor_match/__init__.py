"""arbor's match runner: engines over arbor's protocol, UCI, Gomocup or NBoard, refereed in
Python by scripts/rules.py, with Elo/LOS/SPRT statistics and each community's game records.

Modules, one idea each:

* :mod:`.config` - the command line and the match configuration (picklable dataclasses)
* :mod:`.openings` - opening books (move lists, Gomocup offsets, Othello move strings)
* :mod:`.engines` - one adapter per protocol behind the :class:`~.engines.base.Player` API
* :mod:`.referee` - plays one game between two players and returns its record
* :mod:`.scheduling` - the schedule of games, :func:`~.scheduling.play_pair` (a plain,
  picklable function) and the local worker threads
* :mod:`.records` - JSON lines, PGN, SGF and GGF writers and readers
* :mod:`.report` - standings, progress line, final report, crosstable
* :mod:`.cli` - ``main()``: the ``arbor-match`` command and ``scripts/match.py``
* :mod:`.ray_backend` - ``--ray``: opening pairs as Ray tasks on a cluster (imported only then)

Standard library only (Ray only for ``--ray``: scripts/requirements-ray.txt).
"""

__version__ = "0.2.0"

import os as _os
import sys as _sys

# From a checkout, rules.py, sprt.py and arbor_client.py sit beside this package (pip
# installs them as top-level modules): make them importable under those names.
try:
    import rules as _rules  # noqa: F401
except ImportError:
    _sys.path.insert(0, _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__))))
