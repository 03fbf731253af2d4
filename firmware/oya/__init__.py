# Oya: dealer, referee and chip tracker for five Japanese card games.
VERSION = "0.1.0"
GAMES = ("oicho", "kachi", "kakkuri", "kyuten", "meri")
