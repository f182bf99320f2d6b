; jmpbuf.asm - saving and restoring the callee-saved registers for
; setjmp.h.  The layout is struct __jmp_buf_tag's: ebx, esi, edi, ebp,
; the caller's esp after the return, the return address; then
; __mask_was_saved at 24 and the mask at 28 (filled by setjmp.c).

section .text

; int _setjmp(jmp_buf env) and the setjmp() symbol for callers that
; do not use the macro: no mask
global _setjmp
global setjmp
_setjmp:
setjmp:
	mov	eax, [esp + 4]
	call	save_regs
	mov	dword [eax + 24], 0
	xor	eax, eax
	ret

; int __sigsetjmp(sigjmp_buf env, int savemask): the registers here, then
; a tail call to __sigjmp_save(env, savemask), which records the mask (or
; not) and returns 0 to our caller
global __sigsetjmp
global sigsetjmp
extern __sigjmp_save
__sigsetjmp:
sigsetjmp:
	mov	eax, [esp + 4]
	call	save_regs
	jmp	__sigjmp_save

; eax = env; called from the two entries above, so our caller's frame
; is at esp + 4 here
save_regs:
	mov	[eax + 0], ebx
	mov	[eax + 4], esi
	mov	[eax + 8], edi
	mov	[eax + 12], ebp
	lea	ecx, [esp + 8]		; the caller's esp once setjmp returns
	mov	[eax + 16], ecx
	mov	ecx, [esp + 4]		; setjmp's return address
	mov	[eax + 20], ecx
	ret

; void __longjmp_regs(struct __jmp_buf_tag *env, int val): val != 0
global __longjmp_regs
__longjmp_regs:
	mov	edx, [esp + 4]
	mov	eax, [esp + 8]
	mov	ebx, [edx + 0]
	mov	esi, [edx + 4]
	mov	edi, [edx + 8]
	mov	ebp, [edx + 12]
	mov	esp, [edx + 16]
	jmp	[edx + 20]

section .note.GNU-stack noalloc noexec nowrite progbits
