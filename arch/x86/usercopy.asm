; usercopy.asm - copies between kernel and user memory through the MMU.
;
; The kernel copies to or from a user address directly: the hardware walks
; the page tables, as it does for the program itself.  The caller
; (kernel/mm.c) has checked that the range lies wholly in the user half,
; so the only thing that can go wrong is a page fault on a user page: one
; that is not there yet (the stack below what is mapped), one shared
; copy-on-write since a fork (CR0.WP makes a kernel write to a read-only
; page fault, boot/entry.asm), or one that is truly bad.
;
; Every instruction here that touches user memory is listed in the
; exception table, the __ex_table section (linker.ld): the address of the
; instruction, the address to resume at if the access is bad, and flags.
; The page-fault handler (arch/x86/trap.c, extable_fixup) looks a kernel
; fault's eip up there; when it is listed, the fault is first resolved as
; a user-mode fault would be (a copy-on-write break, a new stack page) and
; the instruction retried; only an address that cannot be made usable goes
; to the fixup, which returns how many bytes were not copied.  This is
; Linux's __ex_table (arch/x86/lib/copy_user_*.S with _ASM_EXTABLE) and
; the BSDs' copyin/copyout, which set pcb_onfault instead.
;
; The copy is "rep movsd" then "rep movsb" for the tail, as memcpy does:
; a fault stops a rep instruction with ecx, esi and edi saying where, so a
; retry goes on from there and the fixup can count what is left.
;
; These are the long copies; a short one is a single "rep movsb" inline
; (arch/x86/uaccess.h), with a table entry of its own.  Two entry points
; share the code: arch_copy_user_long may have its faults resolved;
; arch_copy_user_long_nofault is for callers that hold a spinlock
; (the pipe's, copy_*_nofault in kernel/mm.c), where a copy-on-write
; break could have to wait for another CPU's TLB flush.  Its table entries
; carry EX_NOFAULT, and the handler goes straight to the fixup.

%include "arch/x86/extable.inc"

section .text

; The body of a copy: edi = dst, esi = src, ecx = n; eax = the bytes not
; copied (0 when all were).  %1: the entries' flags.
%macro COPY_BODY 1
	mov	edx, ecx
	shr	ecx, 2
%%words:
	rep movsd
	mov	ecx, edx
	and	ecx, 3
%%bytes:
	rep movsb
	xor	eax, eax
	pop	esi
	pop	edi
	ret
%%words_fault:				; the words left, and the tail
	and	edx, 3
	lea	eax, [edx + ecx * 4]
	pop	esi
	pop	edi
	ret
%%bytes_fault:
	mov	eax, ecx
	pop	esi
	pop	edi
	ret
	EXTABLE	%%words, %%words_fault, %1
	EXTABLE	%%bytes, %%bytes_fault, %1
%endmacro

; size_t arch_copy_user_long(void *dst = eax, const void *src = edx,
;                            size_t n = ecx)
global arch_copy_user_long
arch_copy_user_long:
	push	edi
	push	esi
	mov	edi, eax
	mov	esi, edx
	COPY_BODY 0

; size_t arch_copy_user_long_nofault(void *dst = eax, const void *src = edx,
;                                    size_t n = ecx)
global arch_copy_user_long_nofault
arch_copy_user_long_nofault:
	push	edi
	push	esi
	mov	edi, eax
	mov	esi, edx
	COPY_BODY EX_NOFAULT
