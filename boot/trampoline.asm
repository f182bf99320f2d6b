; trampoline.asm - where an application processor (AP) starts.
;
; The BSP copies this flat binary to physical 0x8000 and sends the AP an
; INIT IPI and a STARTUP IPI with vector 0x08, so the AP begins here in
; 16-bit real mode with CS:IP = 0800:0000.  Before each start-up the BSP
; fills the four slots below: the page directory to load, the top of the
; AP's idle stack, the C function to call, and its argument (the CPU number).
; The AP goes real mode -> protected mode -> paging, then calls entry(arg)
; at its higher-half address and never comes back here.

%include "boot/defs.inc"

bits 16
org TRAMPOLINE

	jmp short real16
align 4
t_cr3:		dd 0		; +4  physical address of the page directory
t_stack:	dd 0		; +8  virtual address of the stack top
t_entry:	dd 0		; +12 virtual address of entry(int cpu)
t_arg:		dd 0		; +16 its argument

real16:
	cli
	cld
	xor	ax, ax
	mov	ds, ax
	mov	es, ax
	mov	ss, ax
	lgdt	[t_gdtdesc]
	mov	eax, cr0
	or	eax, CR0_PE
	mov	cr0, eax
	jmp	dword KCODE_SEL:prot32

bits 32
prot32:
	mov	ax, KDATA_SEL
	mov	ds, ax
	mov	es, ax
	mov	ss, ax
	xor	ax, ax
	mov	fs, ax
	mov	gs, ax
	mov	eax, cr4
	or	eax, CR4_PSE
	mov	cr4, eax
	mov	eax, [t_cr3]
	mov	cr3, eax
	mov	eax, cr0
	or	eax, CR0_PG | CR0_WP | CR0_NE
	mov	cr0, eax
	mov	esp, [t_stack]
	xor	ebp, ebp
	push	0			; no return address: entry never returns
	mov	ecx, [t_entry]
	mov	eax, [t_arg]		; entry(arg): -mregparm=3
	jmp	ecx

; A flat GDT just good enough to reach protected mode; the AP loads the
; kernel's real GDT in C.
align 8
t_gdt:
	dq 0
	dq 0x00CF9A000000FFFF		; code: base 0, limit 4 GiB, ring 0
	dq 0x00CF92000000FFFF		; data: base 0, limit 4 GiB, ring 0
t_gdtdesc:
	dw 3 * 8 - 1
	dd t_gdt
