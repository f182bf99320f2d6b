; trapentry.asm - the 256 interrupt entry stubs and the common path.
;
; Every vector gets a stub that pushes a dummy error code when the CPU did
; not push one, then its vector number, and jumps to alltraps.  alltraps
; saves the rest of the machine state as a struct trapframe (arch/x86/trap.h)
; and calls trap(tf) in C.  On return the same frame is popped and iret
; resumes the interrupted code, in the kernel or in user mode.  The system
; call vector (0x80, the most frequent by far) has its own copy of alltraps
; that calls syscall_trap(tf) directly.

%include "boot/defs.inc"

section .text

T_SYSCALL	equ 128	; arch/x86/trap.h

%macro STUB 1
vec%1:
%if (%1 == 8) || (%1 >= 10 && %1 <= 14) || (%1 == 17) || (%1 == 21) || (%1 == 29) || (%1 == 30)
	; the CPU pushed an error code already
%else
	push	0
%endif
	push	%1
%if %1 == T_SYSCALL
	jmp	allsyscalls
%else
	jmp	alltraps
%endif
%endmacro

%assign v 0
%rep 256
	STUB v
%assign v v+1
%endrep

TF_CS	equ 60		; offsetof(struct trapframe, cs) once alltraps has pushed

; Save the rest of the trap frame and call %1(tf); restore it and iret.
%macro TRAP_BODY 1
	push	ds
	push	es
	push	fs
	push	gs
	pushad
	mov	ax, KDATA_SEL
	mov	ds, ax
	mov	es, ax
	xor	ax, ax
	mov	fs, ax
	; Kernel code never changes GS, so only an entry from user mode needs
	; the per-CPU selector back.  It sits right after this CPU's TSS
	; selector in the GDT, and the task register holds the TSS selector:
	; "str" tells us which CPU we are on without touching memory.
	test	byte [esp + TF_CS], 3
	jz	.kernel_gs
	str	ax
	add	ax, 8
	mov	gs, ax
.kernel_gs:
	cld
	mov	eax, esp		; struct trapframe * (-mregparm=3)
	call	%1
	jmp	trapret
%endmacro

	extern	trap, syscall_trap
global alltraps
alltraps:
	TRAP_BODY trap
global allsyscalls
allsyscalls:
	TRAP_BODY syscall_trap

global trapret
trapret:
	popad
	pop	gs
	pop	fs
	pop	es
	pop	ds
	add	esp, 8			; vector number and error code
	iret

; The table of stub addresses, read by idt_init().
section .rodata
global trap_vectors
trap_vectors:
%assign v 0
%rep 256
	dd vec %+ v
%assign v v+1
%endrep

section .note.GNU-stack noalloc noexec nowrite progbits
