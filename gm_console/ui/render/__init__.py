"""How each rule system's state is drawn: ``<system>.py`` turns what that
system's ``view`` module gives into Rich ``Text`` lines, and nothing else
(no widgets, no Textual). The panes (``ui/panes/``) and flows
(``ui/screens/``) call these; the player view has its own page."""
