# Oya boot: board file -> hardware -> app (see oya/ui/loop.py).
import asyncio
from oya.ui.loop import main

asyncio.run(main())
