/** Admin page: being built. */
export default function AdminUserProfile() {
  return <main className="container-page py-8" />;
}
