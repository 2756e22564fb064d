"""The clock room: the turn clock's buttons on table posts (Skip, Computer plays for …, I'm
back, End the game), taking an empty seat, /leave and the reminders."""
