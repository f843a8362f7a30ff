/** Admin page: being built. */
export default function AdminAssets() {
  return <main className="container-page py-8" />;
}
