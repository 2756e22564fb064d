"""The live room: the table post's links to the live table page (Watch live, Play in browser)
when the web server runs at a public address, and Open table when the Activity is configured."""
