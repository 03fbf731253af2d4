# Oya boot: board file -> hardware -> app -> the device loop (oya/ui/loop.py).
from oya.ui.loop import main

main()
