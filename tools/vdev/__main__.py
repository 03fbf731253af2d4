import sys

from tools.vdev import main

sys.exit(main())
