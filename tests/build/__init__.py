"""The builder (gm_console/build/, `gm-console build`, the build screen)."""
