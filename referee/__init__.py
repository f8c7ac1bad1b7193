"""The referee: Tien Gow rules as pure Python (no I/O).

Tiles and plays are small immutable values; rule profiles are named sets of options;
a game is an event-sourced state machine whose state is a fold over its events.
"""
