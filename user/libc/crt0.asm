; crt0.asm - where every process and every pthread begins.
;
; Process: the kernel enters _start with esp at argc, then argv[0..argc-1],
; NULL, envp[...], NULL (the SysV i386 layout), and ebp = 0.  We hand the
; three to __libc_start in C, which never returns.
;
; Thread: SYS_thread_create starts a thread at __thread_entry with
; esp = the stack top given to it and eax = its argument (the thread's
; struct uthread, see pthread.c).  Nothing else is assumed about registers.
;
; The i386 ABI wants esp 16-byte aligned at every call instruction, which
; GCC relies on for its stack slots; both entries align before calling.

section .text

global _start
extern __libc_start
_start:
	xor	ebp, ebp		; end of the frame-pointer chain
	mov	eax, [esp]		; argc
	lea	edx, [esp + 4]		; argv
	lea	ecx, [edx + eax * 4 + 4] ; envp: past argv's NULL
	and	esp, -16
	sub	esp, 4			; 4 + 3 pushes = 16
	push	ecx
	push	edx
	push	eax
	call	__libc_start
	ud2				; __libc_start does not return

global __thread_entry
extern __thread_start
__thread_entry:
	xor	ebp, ebp
	and	esp, -16
	sub	esp, 12
	push	eax			; the struct uthread
	call	__thread_start
	ud2				; __thread_start does not return

section .note.GNU-stack noalloc noexec nowrite progbits
