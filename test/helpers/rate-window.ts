/**
 * Rate-limit windows are fixed and aligned to the epoch; a test that crosses a boundary would see
 * its count reset. A counting test starts by waiting for the next window when fewer than
 * `neededMs` of the current one are left.
 */
export async function awaitRoomInWindow(windowSeconds: number, neededMs = 8000) {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
