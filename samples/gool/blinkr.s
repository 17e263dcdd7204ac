; Blinkr: an original GOOL object written for relic's demo (not taken from
; any game).  It idles, counting a timer down in field 10 while it cycles
; four animation frames; event 1 makes it hop (state 1), event 2 runs a
; handler that plays a sound and stays in the current state.
; Assemble: gool-dis --assemble samples/gool/*.s -o blinkr.nsf
.entry BlnkC
.game 1
.items 6
.header id=0x40 category=0x300 format=1 stack=0x40 events=3 eids=2
.pool
    .eid BlnkC          ; 0: this entry
    .eid BlnkG          ; 1: its animation (not shipped)
    .word 0x00000400     ; 2: hop speed
.map
    .map 0x00ff          ; event 0: ignored
    .map 0x0001          ; event 1: hop
    .map handler beep    ; event 2: beep without leaving the state
    .map 0x0000          ; subtype 0 starts idle
.states
    .state flags=0 status=0 extern=0 event=none trans=none code=idle
    .state flags=0 status=0 extern=0 event=none trans=fall code=hop
.anim
    .bytes 01 00 04 00 d5 8e 73 6e
.code
idle:
    MOVE self.f10, #8           ; timer = 8 * 256
tick:
    ANIS 0, 0, 1, 1             ; show frame 0 for one tick
    ANIS 1, 0, 1, 1
    SUB self.f10, #1            ; timer -= 256
    MOVE self.f10, pop
    BNEZ tick, 0, f10
    CST 1, f0                   ; timer ran out: hop
hop:
    MOVE self.f11, pool[2]      ; upward speed
    ANIS 2, 0, 2, 1
    ANIS 3, 0, 2, 1
    CST 0, f0                   ; back to idle
fall:
    SUB self.f11, #0.5000       ; gravity, in the trans block every frame
    MOVE self.f11, pop
    RET 0, f0
beep:
    SNDB pool[1], f0, 0, 8
    RET 0, f0
