"""``python -m bezique``: the same program as the ``bezique`` command."""

import sys

from bezique.cli import main

sys.exit(main())
