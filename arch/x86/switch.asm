; switch.asm - moving between stacks.

section .text

; void arch_call_on_stack(uintptr_t top, void (*fn)(void *), void *arg)
; Switch to a fresh stack and call fn(arg) there, with ebp = 0 so that
; backtraces stop at fn.  fn never returns.
global arch_call_on_stack
arch_call_on_stack:
	mov	eax, [esp + 4]		; top
	mov	ecx, [esp + 8]		; fn
	mov	edx, [esp + 12]		; arg
	mov	esp, eax
	xor	ebp, ebp
	push	edx
	push	0			; no return address
	jmp	ecx

; void arch_halt_forever(void)
global arch_halt_forever
arch_halt_forever:
	cli
.again:	hlt
	jmp	.again

section .note.GNU-stack noalloc noexec nowrite progbits
