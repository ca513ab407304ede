type Navigate = (path: string) => void;

// Code outside React (HTTP client, live connection) sends the user to /log-in through the router.
let navigate: Navigate = (path) => window.location.assign(path);

export function setNavigator(next: Navigate): void {
  navigate = next;
}

export function navigateTo(path: string): void {
  navigate(path);
}
