// Names shared by the logics of the relic sample game (AGI Studio style
// #defines; agi-pack reads this file through #include).  CC0.
#define room v0
#define prev_room v1
#define edge v2
#define score v3
#define max_score v7
#define input_received f2
#define input_parsed f4
#define new_room f5
#define seen_meadow f200
#define door_open f201
#define sound_done f241
#define ego o0
#define key_obj o1
