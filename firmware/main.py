# Oya boot: board file -> hardware -> app (see oya/ui/app.py).
import asyncio
from oya.ui.app import main

asyncio.run(main())
