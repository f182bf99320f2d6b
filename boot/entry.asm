; entry.asm - the first instructions of Quanta.
;
; A multiboot v1 loader (QEMU -kernel or GRUB) jumps to start in 32-bit
; protected mode with paging off, EAX = 0x2BADB002 and EBX = physical address
; of the multiboot info.  This file's .text.boot is linked at its physical
; address (see linker.ld); the rest of the kernel is linked in the higher
; half, so until paging is on its addresses need KERNBASE subtracted.
; Steps:
;   1. load a page directory that maps physical 0..64 MiB twice: at 0 (so the
;      next instruction still exists after paging turns on) and at 0xC0000000;
;   2. turn on 4 MiB pages (CR4.PSE), then paging and write-protect (CR0);
;   3. jump to the higher-half address, set up the boot stack, call kmain.
; kmain builds the real page tables and drops the identity map later.

%include "boot/defs.inc"

MB_MAGIC	equ 0x1BADB002
MB_FLAGS	equ 0x00000003	; bit 0: page-align modules, bit 1: memory info

section .multiboot
align 4
	dd MB_MAGIC
	dd MB_FLAGS
	dd -(MB_MAGIC + MB_FLAGS)

section .text.boot progbits alloc exec nowrite align=16
global start
start:
	cld
	mov	ecx, cr4
	or	ecx, CR4_PSE
	mov	cr4, ecx
	mov	ecx, boot_pgdir - KERNBASE
	mov	cr3, ecx
	mov	ecx, cr0
	or	ecx, CR0_PG | CR0_WP | CR0_NE
	mov	cr0, ecx
	mov	ecx, start_high		; absolute (higher-half) address
	jmp	ecx

section .text
start_high:
	mov	esp, boot_stack_top
	xor	ebp, ebp		; terminates backtraces
	mov	edx, ebx		; kmain(magic = eax, info = edx):
					; the kernel is built with -mregparm=3
	extern	kmain
	call	kmain
.hang:	cli
	hlt
	jmp	.hang

; Boot page directory: 16 large pages (64 MiB) identity-mapped and the same
; 16 mapped at KERNBASE.  P | W | PS = 0x83.
section .data.pagealigned
align 4096
global boot_pgdir
boot_pgdir:
%assign i 0
%rep 16
	dd (i << 22) | 0x83
%assign i i+1
%endrep
	times (KERNBASE >> 22) - 16 dd 0
%assign i 0
%rep 16
	dd (i << 22) | 0x83
%assign i i+1
%endrep
	times 1024 - (KERNBASE >> 22) - 16 dd 0

; The BSP runs on this stack until it switches to its guarded idle stack.
section .bss
align 16
boot_stack:
	resb 16384
global boot_stack_top
boot_stack_top:

section .note.GNU-stack noalloc noexec nowrite progbits
