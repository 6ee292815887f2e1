from steward.cli import main

raise SystemExit(main())
