-- The monthly spend cap (CONTRACT Wallet "Spend cap"; docs/wallet.md): nullable columns on the
-- wallet row, so rows written before read as no cap and no notice sent.
ALTER TABLE `wallets` ADD `monthly_cap_micros` integer;--> statement-breakpoint
ALTER TABLE `wallets` ADD `cap_notice_month` text;--> statement-breakpoint
ALTER TABLE `wallets` ADD `cap_notice_percent` integer;
