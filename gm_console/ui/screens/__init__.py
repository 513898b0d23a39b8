"""Modal screens: confirmations, dice entry, file names, help, lookup."""
