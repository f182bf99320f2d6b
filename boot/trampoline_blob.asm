; trampoline_blob.asm - the assembled AP trampoline (boot/trampoline.asm,
; a flat binary that must run at 0x8000) embedded in the kernel image, so
; the BSP can copy it into place before starting the APs.
section .rodata
global trampoline_start, trampoline_end
trampoline_start:
	incbin	"trampoline.bin"	; found through -I$(B)/boot/ (Makefile)
trampoline_end:

section .note.GNU-stack noalloc noexec nowrite progbits
