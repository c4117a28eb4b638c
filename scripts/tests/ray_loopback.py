#!/usr/bin/env python3
"""``ray ...`` (the Ray command line) kept on the loopback interface, for the tests' two-node
cluster on one machine: Ray replaces 127.0.0.1 by the machine's outward address; here every
node, agent and worker uses 127.0.0.1 instead, so test traffic never leaves lo.

    python3 ray_loopback.py start --head --port 26379 ...
    python3 ray_loopback.py start --address 127.0.0.1:26379 ...

Run it with RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0 in the environment (the processes it starts
inherit it and then take 127.0.0.1 as their address); that setting alone would refuse to
start a second node, which is why this wrapper exists.
"""

import sys

import ray._private.ray_constants as constants
import ray._private.services as services

services.get_node_ip_address = lambda address=None: "127.0.0.1"
constants.ENABLE_RAY_CLUSTER = True  # allow `ray start --address` (a second node)

from ray.scripts.scripts import main  # noqa: E402

sys.exit(main())
