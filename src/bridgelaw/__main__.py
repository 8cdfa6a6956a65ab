from bridgelaw.cli import main

raise SystemExit(main())
