"""The play room: the table post's My hand / Play, Board and Rules, the mover's private menu
with Undo and Hint, and /move, /hand, /board, /abandon and /undo."""
