; string.asm - memset and memcpy with the x86 string instructions.
;
; They are the kernel's hottest loops (zeroing new pages, copying address
; spaces at fork, pipe and user copies), so they move 4 bytes per step with
; "rep stosd" / "rep movsd" and finish the tail byte by byte.  The C
; versions in kernel/lib/string.c handle everything else.
;
; The kernel is built with -mregparm=3 (as Linux/i386 is): the first three
; arguments of every C call arrive in eax, edx and ecx, including the
; memset/memcpy calls GCC emits by itself.

section .text

; void *memset(void *dst = eax, int c = edx, size_t n = ecx)
global memset
memset:
	push	edi
	push	eax			; the return value
	mov	edi, eax
	movzx	eax, dl
	imul	eax, eax, 0x01010101	; the byte in all four lanes
	mov	edx, ecx
	shr	ecx, 2
	rep stosd
	mov	ecx, edx
	and	ecx, 3
	rep stosb
	pop	eax
	pop	edi
	ret

; void *memcpy(void *dst = eax, const void *src = edx, size_t n = ecx)
global memcpy
memcpy:
	push	edi
	push	esi
	mov	edi, eax		; eax stays dst: the return value
	mov	esi, edx
	mov	edx, ecx
	shr	ecx, 2
	rep movsd
	mov	ecx, edx
	and	ecx, 3
	rep movsb
	pop	esi
	pop	edi
	ret

section .note.GNU-stack noalloc noexec nowrite progbits
