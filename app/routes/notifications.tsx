/** Page: being built. */
export default function NotificationsPage() {
  return <main className="container-page py-8" />;
}
