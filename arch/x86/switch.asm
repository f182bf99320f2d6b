; switch.asm - moving between stacks.

section .text

; The kernel is built with -mregparm=3: C passes the first three arguments
; in eax, edx and ecx, and expects them there.

; void arch_call_on_stack(uintptr_t top = eax, void (*fn)(void *) = edx,
;			  void *arg = ecx)
; Switch to a fresh stack and call fn(arg) there, with ebp = 0 so that
; backtraces stop at fn.  fn never returns.
global arch_call_on_stack
arch_call_on_stack:
	mov	esp, eax
	xor	ebp, ebp
	mov	eax, ecx		; fn's argument
	push	0			; no return address
	jmp	edx

; void arch_halt_forever(void)
global arch_halt_forever
arch_halt_forever:
	cli
.again:	hlt
	jmp	.again


; void swtch(struct context **old = eax, struct context *new = edx)
; Save the callee-saved registers of the running task on its stack, store
; the stack pointer in *old, switch to new's stack and restore its registers.
; The "ret" then resumes the new task where it called swtch() - or, the
; first time, in task_trampoline.
global swtch
swtch:
	push	ebp
	push	ebx
	push	esi
	push	edi
	mov	[eax], esp
	mov	esp, edx
	pop	edi
	pop	esi
	pop	ebx
	pop	ebp
	ret

; First code of a new task: arch_task_init() left [entry, arg] on its stack.
global task_trampoline
task_trampoline:
	pop	ecx			; entry
	mov	eax, [esp]		; arg
	call	ecx			; entry(arg); never returns
	ud2

; void arch_enter_user(struct trapframe *tf = eax): return to user mode
; through tf.
global arch_enter_user
arch_enter_user:
	mov	esp, eax
	extern	trapret
	jmp	trapret

section .note.GNU-stack noalloc noexec nowrite progbits
