from gm_console.cli import main

main()
