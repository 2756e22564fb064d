"""The notifications room: /notifications, each person's choices of how and when "your turn"
reaches them, in a private panel; /dms, its older on/off alias."""
