from skill_catalog.cli import main

main()
