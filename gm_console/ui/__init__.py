"""The Textual console: a thin layer that sends actions to the core and
redraws from its state. Imported only when the console opens."""
