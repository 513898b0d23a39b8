from gm_console.launch import main

main()
