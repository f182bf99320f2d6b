#!/bin/sh
# mkiso.sh KERNEL INITRD CMDLINE OUT.iso - a GRUB rescue ISO that boots
# KERNEL by multiboot with CMDLINE (and INITRD as a module, if not empty).
set -e
[ $# -eq 4 ] || { echo "usage: $0 KERNEL INITRD CMDLINE OUT.iso" >&2; exit 2; }
kernel=$1 initrd=$2 cmdline=$3 out=$4
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/boot/grub"
cp "$kernel" "$dir/boot/kernel.elf"
{
	echo "set timeout=0"
	echo "set default=0"
	echo "menuentry \"Quanta\" {"
	echo "	multiboot /boot/kernel.elf $cmdline"
	if [ -n "$initrd" ]; then
		cp "$initrd" "$dir/boot/initrd.img"
		echo "	module /boot/initrd.img initrd"
	fi
	echo "	boot"
	echo "}"
} > "$dir/boot/grub/grub.cfg"
grub-mkrescue -o "$out" "$dir" >/dev/null 2>&1 || {
	echo "mkiso: grub-mkrescue failed" >&2
	grub-mkrescue -o "$out" "$dir"
	exit 1
}
