"""``python -m gecscope``."""

from gecscope.cli import main

raise SystemExit(main())
