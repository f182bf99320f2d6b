; string.asm - memset and memcpy with the x86 string instructions.
;
; They are the kernel's hottest loops (zeroing new pages, copying address
; spaces at fork, pipe and user copies), so they move 4 bytes per step with
; "rep stosd" / "rep movsd" and finish the tail byte by byte.  The C
; versions in kernel/lib/string.c handle everything else.

section .text

; void *memset(void *dst, int c, size_t n)
global memset
memset:
	push	edi
	mov	edi, [esp + 8]
	movzx	eax, byte [esp + 12]
	mov	ecx, [esp + 16]
	imul	eax, eax, 0x01010101	; the byte in all four lanes
	mov	edx, ecx
	shr	ecx, 2
	rep stosd
	mov	ecx, edx
	and	ecx, 3
	rep stosb
	mov	eax, [esp + 8]
	pop	edi
	ret

; void *memcpy(void *dst, const void *src, size_t n)
global memcpy
memcpy:
	push	edi
	push	esi
	mov	edi, [esp + 12]
	mov	esi, [esp + 16]
	mov	ecx, [esp + 20]
	mov	edx, ecx
	shr	ecx, 2
	rep movsd
	mov	ecx, edx
	and	ecx, 3
	rep movsb
	mov	eax, [esp + 12]
	pop	esi
	pop	edi
	ret

section .note.GNU-stack noalloc noexec nowrite progbits
